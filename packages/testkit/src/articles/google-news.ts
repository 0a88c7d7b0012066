import { escapeXml, type FakeSource, matching, startFakeSource } from './fake-server';

/** A news story the fake Google News knows. */
export type FakeNewsStory = {
  title: string;
  url: string;
  source: string;
  sourceUrl?: string;
  published?: Date;
  description?: string;
};

/**
 * Google News' RSS search (`GET /rss/search?q=&hl=&gl=&ceid=`) on 127.0.0.1: an RSS 2.0 channel
 * whose items are the stories matching every query word, titled "{title} - {source}" with an
 * HTML description and a `<source url>` as Google sends them. Errors are HTML pages, as Google's.
 */
export function startFakeGoogleNews(stories: FakeNewsStory[]): Promise<FakeSource> {
  return startFakeSource({
    handle(request) {
      if (request.path !== '/rss/search') return this.errorReply(404, 'Not Found');
      const q = request.query.get('q') ?? '';
      if (!q) return this.errorReply(400, 'Missing query');
      const items = matching(stories, q, (s) => `${s.title} ${s.description ?? ''}`)
        .map((s) => {
          const description = `<a href="${s.url}" target="_blank">${s.title}</a>&nbsp;&nbsp;<font color="#6f6f6f">${s.source}</font>`;
          return `    <item>
      <title>${escapeXml(`${s.title} - ${s.source}`)}</title>
      <link>${escapeXml(s.url)}</link>
      <guid isPermaLink="false">${escapeXml(Buffer.from(s.url).toString('base64url'))}</guid>
      <pubDate>${(s.published ?? new Date('2025-01-06T08:00:00Z')).toUTCString()}</pubDate>
      <description>${escapeXml(description)}</description>
      <source url="${escapeXml(s.sourceUrl ?? new URL(s.url).origin)}">${escapeXml(s.source)}</source>
    </item>`;
        })
        .join('\n');
      const body = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><generator>NFE/5.0</generator><title>"${escapeXml(q)}" - Google News</title><link>https://news.google.com/search?q=${encodeURIComponent(q)}</link><language>${escapeXml(request.query.get('hl') ?? 'en-US')}</language><webMaster>news-webmaster@google.com</webMaster><copyright>2025 Google LLC</copyright><lastBuildDate>Mon, 06 Jan 2025 09:00:00 GMT</lastBuildDate><description>Google News</description>
${items}
</channel></rss>`;
      return { status: 200, headers: { 'Content-Type': 'application/xml; charset=utf-8' }, body };
    },
    errorReply(status, message) {
      return {
        status,
        headers: { 'Content-Type': 'text/html; charset=UTF-8' },
        body: `<!DOCTYPE html><html lang=en><title>Error ${status}</title><p><b>${status}.</b> <ins>That’s an error.</ins><p>${escapeXml(message)}</html>`,
      };
    },
  });
}
