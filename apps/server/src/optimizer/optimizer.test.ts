import { createFrame, createTextItem, joinTags, messages, TAGS_MAX_CHARS, TITLE_MAX_CHARS } from '@reelwright/core';
import {
  type FakeChatCompletions,
  type FakeSource,
  startFakeChatCompletions,
  startFakeDatamuse,
  startFakeSuggest,
} from '@reelwright/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, buildProjectData, requestsAs } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/helpers';

const LLM_KEY = 'sk-optimizer-test';
const SLIDES = [
  'Cold brew coffee is coffee steeped in cold water for a whole day.',
  'Coarse ground coffee beans give cold brew its smooth taste.',
  'Steep the coffee grounds for eighteen hours in the fridge.',
  'Filter the cold brew twice through a paper filter.',
  'Serve cold brew coffee over ice with a splash of milk.',
  'Cold brew keeps for two weeks in a closed jar.',
];

/** Six 8 s slides about cold brew, each a caption: 48 s. */
function coldBrewProject() {
  return buildProjectData({
    video: {
      frames: SLIDES.map((text, i) => createFrame(`f${i}`, { duration: 8, items: [createTextItem(`t${i}`, text)] })),
    } as never,
  });
}

/** The timestamp lines of a description. */
const timestampLines = (description: string) => description.split('\n').filter((line) => /^\d+:\d{2} /.test(line));

describe.each(DB_KINDS)('video optimizer on %s (spec 000 §3–5, §8)', (kind) => {
  let t: TestApp;
  let offline: TestApp;
  let suggest: FakeSource;
  let words: FakeSource;
  let llm: FakeChatCompletions;

  beforeAll(async () => {
    [suggest, words, llm] = await Promise.all([
      startFakeSuggest(['cold brew coffee recipe', 'cold brew coffee ratio', 'cold brew coffee maker']),
      startFakeDatamuse({ 'cold brew coffee': ['iced coffee', 'coffee concentrate'] }),
      startFakeChatCompletions({ apiKey: LLM_KEY }),
    ]);
    t = await createTestApp(kind, {
      KEYWORD_SUGGEST_URL: `${suggest.url}/complete/search?client=firefox`,
      DATAMUSE_URL: words.url,
      // Wikipedia and news are not asked by the optimizer: an unreachable address proves it.
      WIKIPEDIA_API_URL: 'http://127.0.0.1:9/w/api.php',
      GOOGLE_NEWS_RSS_URL: 'http://127.0.0.1:9',
      LLM_API_KEY: LLM_KEY,
      LLM_URL: llm.url,
    });
    offline = await createTestApp(kind, { ARTICLES_KEYLESS: '0' });
  });
  afterAll(async () => {
    await t?.close();
    await offline?.close();
    await Promise.all([suggest?.close(), words?.close(), llm?.close()]);
  });

  async function paidMemberWith(app: TestApp, data = coldBrewProject(), plan: 'paid' | 'free' = 'paid') {
    const { cookie } = await buildMember(app.app, { plan });
    const as = requestsAs(app.app, cookie);
    const saved = await as.post('/api/members/projects/save', {
      name: 'Cold brew',
      title: 'How to make cold brew at home',
      data_json: JSON.stringify(data),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { as, pid: saved.json().id as number };
  }

  it('gives a paid member a title, a description with chapters and tags for a keyword', async () => {
    const { as, pid } = await paidMemberWith(t);
    const res = await as.post('/api/members/optimizer', { pid, keyword: '  cold brew coffee ' });
    expect(res.statusCode, res.body).toBe(200);
    const { result, rewriteOffered } = res.json();
    expect(rewriteOffered).toBe(true);
    expect(result.title).toBe('Cold brew coffee: How to make cold brew at home');
    expect(result.title.length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
    expect(result.description).toMatch(/\*[^*\n]+\*/);
    expect(timestampLines(result.description)).toEqual([
      '0:00 Cold brew coffee is coffee steeped in cold water for a…',
      '0:16 Steep the coffee grounds for eighteen hours in the fridge.',
      '0:32 Serve cold brew coffee over ice with a splash of milk.',
    ]);
    expect(result.tags.slice(0, 6)).toEqual([
      'cold brew coffee',
      'cold brew coffee recipe',
      'cold brew coffee ratio',
      'cold brew coffee maker',
      'iced coffee',
      'coffee concentrate',
    ]);
    expect(result.tags).toContain('cold brew');
    expect(joinTags(result.tags).length).toBeLessThanOrEqual(TAGS_MAX_CHARS);
  });

  it('still answers when the keyword source fails, and offers no rewrite without a model', async () => {
    const { as, pid } = await paidMemberWith(t);
    suggest.failNext(500);
    words.failNext(503);
    const res = await as.post('/api/members/optimizer', { pid, keyword: 'cold brew coffee' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.tags[0]).toBe('cold brew coffee');
    expect(res.json().result.tags).not.toContain('iced coffee');

    const bare = await paidMemberWith(offline);
    const plain = await bare.as.post('/api/members/optimizer', { pid: bare.pid, keyword: 'cold brew coffee' });
    expect(plain.json()).toMatchObject({ rewriteOffered: false, result: { title: expect.any(String) } });
    const rewrite = await bare.as.post('/api/members/optimizer/rewrite', { pid: bare.pid, keyword: 'cold brew' });
    expect(rewrite.statusCode).toBe(501);
    expect(rewrite.json()).toMatchObject({ code: 'not_configured', error: expect.stringContaining('LLM_API_KEY') });
  });

  it('answers the spec’s no-results message for a video without text', async () => {
    const silent = buildProjectData({ video: { frames: [createFrame('f1', { duration: 5 })] } as never });
    const { as, pid } = await paidMemberWith(t, silent);
    const res = await as.post('/api/members/optimizer', { pid, keyword: 'cold brew' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      result: null,
      message: 'Sorry, no results found for "cold brew". Please try another keyword.',
      rewriteOffered: true,
    });
  });

  it('refuses short keywords, visitors, free members and projects that are not the member’s', async () => {
    const { as, pid } = await paidMemberWith(t);
    for (const body of [{ pid }, { pid, keyword: 'ab' }, { pid, keyword: '   ab   ' }, { keyword: 'coffee' }]) {
      const res = await as.post('/api/members/optimizer', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if ('pid' in body)
        expect(res.json()).toMatchObject({
          field: 'keyword',
          error: expect.stringContaining(messages.optimizerKeywordRequired),
        });
    }
    expect((await requestsAs(t.app).post('/api/members/optimizer', { pid, keyword: 'coffee' })).statusCode).toBe(401);

    const free = await paidMemberWith(t, coldBrewProject(), 'free');
    for (const path of ['/api/members/optimizer', '/api/members/optimizer/rewrite']) {
      const refused = await free.as.post(path, { pid: free.pid, keyword: 'coffee' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'plan_required',
        error: 'The video optimizer comes with the Paid and Business plans. You are on the free plan.',
      });
    }

    const foreign = await as.post('/api/members/optimizer', { pid: free.pid, keyword: 'coffee' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: messages.projectNotFound });
    expect((await as.post('/api/members/optimizer', { pid: 999_999, keyword: 'coffee' })).statusCode).toBe(404);
  });

  it('rewrites the title and summary with the model, keeping the 100-character title and the chapters', async () => {
    const { as, pid } = await paidMemberWith(t);
    const offlineResult = (await as.post('/api/members/optimizer', { pid, keyword: 'cold brew coffee' })).json().result;
    const longTitle = `Cold brew coffee at home: ${'the smoothest, easiest and cheapest method '.repeat(4)}`;
    llm.replyNext(
      `Here you are:\n\`\`\`json\n${JSON.stringify({
        title: longTitle,
        summary: 'Learn *cold brew coffee* in one day.\n0:05 A chapter of the model\nSmooth and easy.',
      })}\n\`\`\``,
    );
    const res = await as.post('/api/members/optimizer/rewrite', { pid, keyword: 'cold brew coffee' });
    expect(res.statusCode, res.body).toBe(200);
    const { result } = res.json();
    expect(result.title.length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
    expect(longTitle.startsWith(result.title)).toBe(true);
    expect(result.description.startsWith('Learn *cold brew coffee* in one day.\nSmooth and easy.\n\n0:00 ')).toBe(true);
    expect(timestampLines(result.description)).toEqual(timestampLines(offlineResult.description));
    expect(result.tags).toEqual(offlineResult.tags);

    const asked = llm.requests.at(-1)?.json as { model: string; messages: { role: string; content: string }[] };
    expect(asked.model).toBe('gpt-4o-mini');
    expect(asked.messages[1]?.content).toContain('Target keyword: cold brew coffee');
    expect(asked.messages[1]?.content).toContain(SLIDES[2]);
  });

  it('says clearly when the model fails or answers nonsense', async () => {
    const { as, pid } = await paidMemberWith(t);
    llm.failNext(429, 'You exceeded your current quota', 'insufficient_quota');
    const quota = await as.post('/api/members/optimizer/rewrite', { pid, keyword: 'cold brew coffee' });
    expect(quota.statusCode).toBe(503);
    expect(quota.json()).toMatchObject({ code: 'provider_quota', error: expect.stringContaining('quota') });

    llm.replyNext('I would rather not.');
    const nonsense = await as.post('/api/members/optimizer/rewrite', { pid, keyword: 'cold brew coffee' });
    expect(nonsense.statusCode).toBe(502);
    expect(nonsense.json()).toMatchObject({ code: 'provider_bad_answer', error: expect.stringContaining('Try again') });
  });
});
