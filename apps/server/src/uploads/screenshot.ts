/**
 * Page screenshots for media by URL (issue 6): a web page is opened in headless Chromium and
 * photographed at 1280×720. The browser never touches the network itself: every request the
 * page makes (the page, its images, styles, scripts, frames, redirects) is answered through the
 * guarded client with the server's fetch policy, so a page cannot reach a private address either.
 * Chromium's own resolver is switched off as well (`--host-resolver-rules`), so anything that
 * slipped past the interception would fail to connect. One browser is launched on first use and
 * kept; at most `concurrency` pages render at once, each in a fresh context (no cookies, no cache).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { type Browser, chromium, type Request, type Route } from 'playwright-core';
import { AppError, badRequest } from '../errors';
import { type FetchPolicy, FetchRefusedError, guardedFetch } from '../net/guarded-fetch';
import type { PageScreenshotter } from './url-import';

export type ScreenshotterOptions = {
  /** The Chromium executable (config `CHROMIUM_PATH`). */
  executablePath: string;
  fetchPolicy: FetchPolicy;
  /** Largest answer to any one request of the page. */
  maxBytesPerRequest?: number;
  /** Largest sum of all answers of one page; later requests are aborted. */
  maxBytesPerPage?: number;
  /** For the whole page: loading, waiting and the screenshot. */
  timeoutMs?: number;
  /** Requests one page may make; later ones are aborted. */
  maxRequests?: number;
  /** Pages rendered at once; others wait their turn. */
  concurrency?: number;
  /** Pages waiting for a turn before new ones are turned away (503). */
  maxWaiting?: number;
};

export type Screenshotter = {
  screenshot: PageScreenshotter;
  /** Closes the browser; later screenshots launch a new one. */
  close(): Promise<void>;
};

export const VIEWPORT = { width: 1280, height: 720 } as const;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Defence in depth: every request is answered by the route handler, so the browser needs no
  // resolver, and WebRTC gets no direct UDP path to any address.
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/** Request headers passed on to the guarded fetch; cookies and the like never exist here. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'user-agent', 'referer', 'content-type', 'origin'];
/** Response headers the browser must not see: we hand it a whole, decoded body. */
const DROPPED_RESPONSE_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'set-cookie',
  'strict-transport-security',
  'alt-svc',
]);

export function createPageScreenshotter(options: ScreenshotterOptions): Screenshotter {
  const settings = {
    maxBytesPerRequest: options.maxBytesPerRequest ?? 10 * 1024 * 1024,
    maxBytesPerPage: options.maxBytesPerPage ?? 40 * 1024 * 1024,
    timeoutMs: options.timeoutMs ?? 15_000,
    maxRequests: options.maxRequests ?? 150,
  };
  const turn = turns(options.concurrency ?? 2, options.maxWaiting ?? 20);
  let launching: Promise<Browser> | undefined;

  const browser = () => {
    launching ??= chromium
      .launch({ executablePath: options.executablePath, headless: true, args: CHROMIUM_ARGS })
      .then((launched) => {
        launched.on('disconnected', () => {
          launching = undefined;
        });
        return launched;
      })
      .catch((error: unknown) => {
        launching = undefined;
        throw error;
      });
    return launching;
  };

  return {
    screenshot: (url) => turn(async () => render(await browser(), url, options.fetchPolicy, settings)),
    async close() {
      const current = launching;
      launching = undefined;
      await current?.then((b) => b.close()).catch(() => {});
    },
  };
}

type RenderSettings = { maxBytesPerRequest: number; maxBytesPerPage: number; timeoutMs: number; maxRequests: number };

async function render(browser: Browser, url: string, policy: FetchPolicy, settings: RenderSettings): Promise<Buffer> {
  const deadline = Date.now() + settings.timeoutMs;
  const remaining = (least = 500) => Math.max(least, deadline - Date.now());
  const context = await browser.newContext({
    viewport: VIEWPORT,
    serviceWorkers: 'block',
    acceptDownloads: false,
  });
  let requests = 0;
  let bytes = 0;
  let mainRefusal: FetchRefusedError | undefined;

  const answer = async (route: Route) => {
    const request = route.request();
    const isMainDocument = request.isNavigationRequest() && request.frame().parentFrame() === null;
    try {
      if (++requests > settings.maxRequests) throw new FetchRefusedError('too_large', 'Too many requests.');
      if (bytes >= settings.maxBytesPerPage) throw new FetchRefusedError('too_large', 'The page is too large.');
      const fetched = await guardedFetch(
        request.url(),
        {
          method: request.method(),
          headers: forwardedHeaders(request),
          ...(request.postDataBuffer() ? { body: request.postDataBuffer() as Buffer } : {}),
          timeoutMs: remaining(),
          maxBytes: Math.min(settings.maxBytesPerRequest, settings.maxBytesPerPage - bytes),
          // Chromium follows redirects itself, so each hop comes back here and is checked.
          maxRedirects: 0,
        },
        policy,
      );
      bytes += fetched.body.length;
      await route.fulfill({ status: fetched.status, headers: responseHeaders(fetched.headers), body: fetched.body });
    } catch (error) {
      if (isMainDocument && error instanceof FetchRefusedError) mainRefusal ??= error;
      // The context may already be closing; then there is nothing left to answer.
      await route.abort(error instanceof FetchRefusedError ? 'blockedbyclient' : 'failed').catch(() => {});
    }
  };

  try {
    await context.routeWebSocket(/.*/, (socket) => socket.close());
    await context.route('**/*', answer);
    const page = await context.newPage();
    let status: number | undefined;
    try {
      status = (await page.goto(url, { waitUntil: 'load', timeout: remaining() }))?.status();
    } catch (error) {
      if (mainRefusal)
        throw badRequest(`This address cannot be fetched: ${mainRefusal.message}`, 'url', 'fetch_refused');
      // A page still loading its last pictures at the deadline is photographed as it is.
      if (!(error instanceof Error && error.name === 'TimeoutError') || page.url() === 'about:blank') {
        throw screenshotFailed((error as Error).message);
      }
    }
    if (status !== undefined && (status < 200 || status >= 300)) {
      throw badRequest(`The page answered HTTP ${status}.`, 'url', 'fetch_failed');
    }
    // Give late pictures and web fonts a moment, within the time limit.
    await page.waitForLoadState('networkidle', { timeout: Math.min(2_000, remaining(1)) }).catch(() => {});
    return await page.screenshot({ type: 'png', animations: 'disabled', timeout: remaining(3_000) });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw screenshotFailed((error as Error).message);
  } finally {
    await context.close().catch(() => {});
  }
}

const screenshotFailed = (reason: string) =>
  new AppError(502, 'screenshot_failed', `The page could not be photographed: ${reason.split('\n')[0]}`, 'url');

function forwardedHeaders(request: Request): Record<string, string> {
  const all = request.headers();
  const kept: Record<string, string> = { 'accept-encoding': 'identity' };
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = all[name];
    if (value) kept[name] = value;
  }
  return kept;
}

function responseHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED_RESPONSE_HEADERS.has(name)) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

/**
 * Runs at most `concurrency` tasks at once, in arrival order; a finished task hands its turn
 * straight to the next waiting one. More than `maxWaiting` waiting tasks are turned away.
 */
export function turns(concurrency: number, maxWaiting: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= concurrency) {
      if (waiting.length >= maxWaiting) {
        throw new AppError(503, 'screenshot_busy', 'Too many pages are being photographed; try again in a minute.');
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      active++;
    }
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
