import { describe, expect, it } from 'vitest';
import {
  AUTO_FETCH_CHAIN,
  decideAutoFetch,
  generatedBackgroundSeed,
  type MediaFetchPlan,
  mediaKeywordOf,
  pickFirstUnused,
  planMediaFetch,
} from './auto-fetch';
import type { MediaEngine } from './engines';

const ALL: MediaEngine[] = ['pixabay', 'unsplash', 'pexel', 'google', 'google-images', 'emojis', 'icons'];
const brief = (plan: MediaFetchPlan) => plan.steps.map((s) => `${s.engine}:${s.type}:${s.num}:${s.role}`);
const hit = (url: string) => ({ url });

describe('mediaKeywordOf', () => {
  it('keeps an ordinary line, collapsing whitespace', () => {
    expect(mediaKeywordOf('  Sunny   beach\nday ')).toEqual({ keyword: 'Sunny beach day', emphasised: false });
  });
  it('unwraps a line in double asterisks', () => {
    expect(mediaKeywordOf(' **Eiffel tower** ')).toEqual({ keyword: 'Eiffel tower', emphasised: true });
  });
  it('treats asterisks inside a line as plain text, not emphasis of the line', () => {
    expect(mediaKeywordOf('a **bold** word')).toEqual({ keyword: 'a bold word', emphasised: false });
  });
  it('an empty emphasis is not emphasised', () => {
    expect(mediaKeywordOf('****')).toEqual({ keyword: '', emphasised: false });
  });
});

describe('planMediaFetch', () => {
  it('asks pixabay, unsplash, pexel and google in turn for 50, then google images for 10', () => {
    expect(brief(planMediaFetch({ text: 'mountain lake' }, ALL))).toEqual([
      'pixabay:image:50:chain',
      'unsplash:image:50:chain',
      'pexel:image:50:chain',
      'google:image:50:chain',
      'google-images:image:10:fallback',
    ]);
  });

  it('keeps the spec order whatever order the engines are configured in', () => {
    const plan = planMediaFetch({ text: 'x' }, ['google', 'pexel', 'unsplash', 'pixabay']);
    expect(plan.steps.map((s) => s.engine)).toEqual([...AUTO_FETCH_CHAIN]);
  });

  it('asks pixabay for a video on the first line of the first slide, the others for images', () => {
    const plan = planMediaFetch({ text: 'intro', firstLineOfFirstSlide: true }, ALL);
    expect(brief(plan).slice(0, 2)).toEqual(['pixabay:video:50:chain', 'unsplash:image:50:chain']);
  });

  it('leaves out engines that are not configured', () => {
    expect(brief(planMediaFetch({ text: 'x' }, ['unsplash', 'google-images']))).toEqual([
      'unsplash:image:50:chain',
      'google-images:image:10:fallback',
    ]);
    expect(brief(planMediaFetch({ text: 'x' }, ['pexel']))).toEqual(['pexel:image:50:chain']);
  });

  it('sends an emphasised line to google images for 10 first, then the chain for 10', () => {
    const plan = planMediaFetch({ text: '**Big Ben**' }, ALL);
    expect(plan.keyword).toBe('Big Ben');
    expect(plan.emphasised).toBe(true);
    expect(brief(plan)).toEqual([
      'google-images:image:10:fallback',
      'pixabay:image:10:chain',
      'unsplash:image:10:chain',
      'pexel:image:10:chain',
      'google:image:10:chain',
    ]);
  });

  it('an emphasised line without google images uses the chain at 10', () => {
    expect(brief(planMediaFetch({ text: '**x**', firstLineOfFirstSlide: true }, ['pixabay']))).toEqual([
      'pixabay:video:10:chain',
    ]);
  });

  it('asks nothing offline (only offline engines configured) or for a blank line', () => {
    expect(planMediaFetch({ text: 'x' }, ['emojis', 'icons', 'shapes']).steps).toEqual([]);
    expect(planMediaFetch({ text: '   ' }, ALL)).toEqual({ keyword: '', emphasised: false, steps: [] });
  });

  it('passes the keyword to every step', () => {
    expect(new Set(planMediaFetch({ text: ' red  car ' }, ALL).steps.map((s) => s.keyword))).toEqual(
      new Set(['red car']),
    );
  });
});

describe('decideAutoFetch', () => {
  const plan = planMediaFetch({ text: 'forest' }, ['pixabay', 'unsplash', 'google-images']);

  it('asks the first step when nothing was asked yet', () => {
    expect(decideAutoFetch(plan, [], new Set())).toMatchObject({ kind: 'ask', index: 0, step: { engine: 'pixabay' } });
  });

  it('takes the first result not used yet in the project', () => {
    const decision = decideAutoFetch(plan, [[hit('a'), hit('b'), hit('c')]], new Set(['a']));
    expect(decision).toMatchObject({ kind: 'take', index: 0, item: { url: 'b' }, step: { engine: 'pixabay' } });
  });

  it('goes on to the next engine when an answer is empty, failed or all used', () => {
    expect(decideAutoFetch(plan, [[]], new Set())).toMatchObject({ kind: 'ask', index: 1 });
    expect(decideAutoFetch(plan, [null], new Set())).toMatchObject({ kind: 'ask', index: 1 });
    expect(decideAutoFetch(plan, [[hit('a')]], new Set(['a']))).toMatchObject({ kind: 'ask', index: 1 });
    expect(decideAutoFetch(plan, [[], [], [hit('z')]], new Set())).toMatchObject({
      kind: 'take',
      index: 2,
      step: { engine: 'google-images', role: 'fallback' },
      item: { url: 'z' },
    });
  });

  it('chooses a generated background, seeded from the keyword, when every step is empty', () => {
    expect(decideAutoFetch(plan, [[], null, [hit('used')]], new Set(['used']))).toEqual({
      kind: 'generated',
      keyword: 'forest',
      seed: generatedBackgroundSeed('forest'),
    });
  });

  it('chooses a generated background at once when there is nothing to ask (offline)', () => {
    const offline = planMediaFetch({ text: 'forest' }, ['emojis']);
    expect(decideAutoFetch(offline, [], new Set())).toMatchObject({ kind: 'generated', keyword: 'forest' });
  });
});

describe('pickFirstUnused', () => {
  it('skips used and empty URLs and answers null when none is left', () => {
    expect(pickFirstUnused([hit(''), hit('a'), hit('b')], new Set(['a']))).toEqual(hit('b'));
    expect(pickFirstUnused([hit('a')], new Set(['a']))).toBeNull();
    expect(pickFirstUnused([], new Set())).toBeNull();
  });
});

describe('generatedBackgroundSeed', () => {
  it('is stable, ignores case and outer spaces, and differs between keywords', () => {
    expect(generatedBackgroundSeed('Ocean')).toBe(generatedBackgroundSeed(' ocean '));
    expect(generatedBackgroundSeed('ocean')).not.toBe(generatedBackgroundSeed('desert'));
    expect(generatedBackgroundSeed('')).toBe(0x811c9dc5);
    expect(Number.isInteger(generatedBackgroundSeed('ünïcödé 🌊'))).toBe(true);
  });
});
