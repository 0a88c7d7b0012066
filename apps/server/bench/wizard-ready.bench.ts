/**
 * The wizard's "slides ready" benchmark (issue 8): from pressing Next on the article editor to
 * the slides step being ready — slides made from a 400-word article, a picture for every line and
 * the narration of every line — with the default engines (generated backgrounds, eSpeak NG). It
 * drives a real server process over HTTP the way the browser does: pictures two at a time,
 * narration two at a time, both at once.
 * Run: `npm run bench -w apps/server` or `node --import tsx bench/wizard-ready.bench.ts`.
 */
import { readFileSync } from 'node:fs';
import { abilitiesFor, createSlides, plainText } from '@reelwright/core';
import { runAdminCommand, startServerProcess } from '@reelwright/testkit';

/** Narration calls in flight at once: two, as the slides step makes them (SPEECH_CALLS_AT_ONCE). */
const SPEECH_AT_ONCE = Number(process.env.BENCH_SPEECH_AT_ONCE ?? 2);
const article = readFileSync(new URL('../../../bench/articles/urban-beekeeping.txt', import.meta.url), 'utf8');
const [title = '', ...rest] = article.split('\n');
const body = rest.join('\n').trim();

let server = await startServerProcess();
try {
  const email = `bench-${Date.now()}@example.com`;
  const signup = await fetch(`${server.url}/api/members/access/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!signup.ok) throw new Error(`signup answered ${signup.status}`);
  const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0]!;
  // A paid member: the free plan would stop narration at 35 s. The admin command needs the
  // embedded database to itself, so the server stops for it.
  await server.stop();
  await runAdminCommand(['set-plan', email, 'paid'], { DATA_DIR: server.dataDir });
  server = await startServerProcess({ DATA_DIR: server.dataDir });

  const post = async <T>(path: string, payload: unknown): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(payload),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  // The server's first synthesis starts eSpeak's worker threads; a browser session would have
  // paid that while the author read the keyword step.
  await post('/api/queries/tts', { text: 'Warming up.', voiceId: 'espeak:en-us+f3', lang: 'en-US' });

  const started = performance.now();
  const { slides } = createSlides({ title, body, keyword: 'urban beekeeping', abilities: abilitiesFor('paid') });
  const lines = slides.flatMap((slide, s) =>
    slide.texts.map((text, t) => ({ text: text.text, first: s === 0 && t === 0 })),
  );
  const created = performance.now();

  let mediaDone = 0;
  const used: string[] = [];
  const media = (async () => {
    const queue = [...lines];
    const worker = async () => {
      for (let line = queue.shift(); line; line = queue.shift()) {
        const item = await post<{ url: string }>('/api/members/media-auto-fetch', {
          text: line.text,
          firstLineOfFirstSlide: line.first,
          used,
        });
        used.push(item.url);
      }
    };
    await Promise.all([worker(), worker()]);
    mediaDone = performance.now();
  })();
  let audio = 0;
  let speechDone = 0;
  const speech = (async () => {
    const queue = [...lines];
    const worker = async () => {
      for (let line = queue.shift(); line; line = queue.shift()) {
        const clip = await post<{ duration: number }>('/api/queries/tts', {
          text: plainText(line.text),
          voiceId: 'espeak:en-us+f3',
          lang: 'en-US',
        });
        audio += clip.duration;
      }
    };
    await Promise.all(Array.from({ length: SPEECH_AT_ONCE }, worker));
    speechDone = performance.now();
  })();
  await Promise.all([media, speech]);
  const ready = performance.now();

  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`Wizard slides ready, 400-word article → ${slides.length} slides, ${lines.length} lines`);
  console.log(`  slides made:        ${(created - started).toFixed(1)} ms`);
  console.log(`  pictures (generated backgrounds, 2 at a time): ${s(mediaDone - started)}`);
  console.log(`  narration (eSpeak NG, ${audio.toFixed(1)} s of audio): ${s(speechDone - started)}`);
  console.log(`  ready after Next:   ${s(ready - started)}`);
} finally {
  await server.stop();
}
