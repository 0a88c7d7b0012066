/**
 * Addresses of video sites (spec 002 §6 "Video component"): such a clip is played by the site's
 * embedded player, which no file can stand in for, so the editor shows it as a silent visual
 * layer and a render draws its poster (D55).
 */

export type VideoSite = 'youtube' | 'vimeo';

/** A clip on a video site: which site, and the clip's id there. */
export type VideoSiteClip = { site: VideoSite; id: string };

/** Where the embedded players live; the app's Content-Security-Policy lets these be framed. */
export const VIDEO_SITE_EMBED_ORIGINS: readonly string[] = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
];

const YOUTUBE_HOSTS = new Set(['youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_PATH = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/;
const VIMEO_ID = /^\d{6,12}$/;

function parse(url: string): URL | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null;
  } catch {
    return null;
  }
}

function youtubeId(url: URL, host: string): string | null {
  if (host === 'youtu.be') return url.pathname.slice(1).split('/')[0] ?? null;
  if (!YOUTUBE_HOSTS.has(host)) return null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  return YOUTUBE_PATH.exec(url.pathname)?.[1] ?? null;
}

function vimeoId(url: URL, host: string): string | null {
  if (host === 'vimeo.com') return url.pathname.split('/').filter(Boolean).at(-1) ?? null;
  if (host === 'player.vimeo.com') return /^\/video\/([^/]+)/.exec(url.pathname)?.[1] ?? null;
  return null;
}

/** The video-site clip an address plays (YouTube's and Vimeo's address forms), or null. */
export function videoSiteOf(url: string): VideoSiteClip | null {
  const parsed = parse(url);
  if (!parsed) return null;
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  const youtube = youtubeId(parsed, host);
  if (youtube !== null) return YOUTUBE_ID.test(youtube) ? { site: 'youtube', id: youtube } : null;
  const vimeo = vimeoId(parsed, host);
  return vimeo !== null && VIMEO_ID.test(vimeo) ? { site: 'vimeo', id: vimeo } : null;
}

/** Answers already known, by address: the renderer asks for every video item at every frame. */
const knownSites = new Map<string, boolean>();
/** Enough for any movie's clips; past it the memo starts over rather than grow without end. */
const KNOWN_SITES_LIMIT = 1000;

/** Whether an address is a video-site clip's (remembered, so a render's hot path parses it once). */
export function isVideoSiteUrl(url: string): boolean {
  let known = knownSites.get(url);
  if (known === undefined) {
    if (knownSites.size >= KNOWN_SITES_LIMIT) knownSites.clear();
    known = videoSiteOf(url) !== null;
    knownSites.set(url, known);
  }
  return known;
}

/**
 * A still of the clip that the site serves at a known address: YouTube's large thumbnail.
 * Vimeo's needs its API, so a pasted Vimeo link has none (search results bring their own).
 */
export function videoSitePoster(clip: VideoSiteClip): string | undefined {
  return clip.site === 'youtube' ? `https://i.ytimg.com/vi/${clip.id}/hqdefault.jpg` : undefined;
}

/**
 * The address of the site's embedded player for a clip: muted and playing at once (browsers
 * allow autoplay only muted), from `start` seconds, answering commands by postMessage (`origin`
 * is the page's). The editor's silent layer hides the controls (and the keyboard); a training
 * video keeps them (`controls`).
 */
export function videoSiteEmbedUrl(
  clip: VideoSiteClip,
  options: { origin: string; start?: number; controls?: boolean },
): string {
  const start = Math.max(0, Math.floor(options.start ?? 0));
  const controls = options.controls ? '1' : '0';
  if (clip.site === 'youtube') {
    const query = new URLSearchParams({
      autoplay: '1',
      mute: '1',
      controls,
      ...(options.controls ? {} : { disablekb: '1' }),
      playsinline: '1',
      rel: '0',
      enablejsapi: '1',
      origin: options.origin,
      ...(start > 0 ? { start: String(start) } : {}),
    });
    return `https://www.youtube-nocookie.com/embed/${clip.id}?${query}`;
  }
  const query = new URLSearchParams({ autoplay: '1', muted: '1', controls, playsinline: '1', dnt: '1' });
  return `https://player.vimeo.com/video/${clip.id}?${query}${start > 0 ? `#t=${start}s` : ''}`;
}
