import { describe, expect, it } from 'vitest';
import { abilitiesFor } from '../../account/abilities';
import { createSlides } from './create-slides';
import { ESTIMATED_WORDS_PER_SECOND, fitFreeVideo, freeFitFigures } from './free-fit';
import type { Slide } from './schema';

const FREE = abilitiesFor('free');

/** An article of about 380 words on one topic, as a member pastes it. */
const ARTICLE = [
  'Honey bees live in colonies that can hold tens of thousands of workers during the summer months.',
  'Each colony has a single queen whose only task is to lay eggs, sometimes two thousand in one day.',
  'Worker bees are all female, and their jobs change as they grow older over their short lives.',
  'Young workers clean the cells of the comb and feed the larvae with royal jelly and pollen.',
  'Older workers leave the hive to collect nectar, pollen, water and resin from the land around it.',
  'A forager can visit hundreds of flowers on a single trip before she returns to the colony.',
  'Back in the hive, the nectar is passed from bee to bee and slowly turned into honey.',
  'Bees fan their wings to evaporate water from the nectar until the honey is thick enough to store.',
  'The finished honey is sealed under a thin cap of wax that the workers make in their own bodies.',
  'Drones are the male bees, and their one purpose is to mate with a queen from another colony.',
  'In autumn the workers push the drones out of the hive, because they cannot feed them in winter.',
  'During the cold months the colony forms a tight cluster and shivers to keep the queen warm.',
  'The bees eat the honey they stored in summer, which is why a strong colony needs a full larder.',
  'In spring the queen starts laying again and the colony grows quickly as the first flowers open.',
  'When the hive becomes crowded, the old queen leaves with half of the workers to find a new home.',
  'This swarm hangs from a branch while scouts search for a hollow tree or an empty box nearby.',
  'The scouts dance to tell the others where they found a home, and the best site wins the vote.',
  'Meanwhile the bees left behind raise a new queen from one of the eggs the old queen laid.',
  'Beekeepers watch for the signs of swarming and give their colonies more room before it happens.',
  'Honey bees pollinate a large share of the fruit and vegetables that people eat every day.',
].join(' ');

function freeSlides(): Slide[] {
  return createSlides({ title: 'How honey bees live', body: ARTICLE, keyword: 'bees', abilities: FREE }).slides;
}

/** The slide with each line narrated for `seconds`. */
const narrated = (slide: Slide, seconds: number): Slide => ({
  ...slide,
  texts: slide.texts.map((text) => ({ ...text, audio: { ...text.audio, url: '/clip.mp3', duration: seconds } })),
});

describe('freeFitFigures', () => {
  it('estimates narration from the words of lines not narrated yet, and counts narration made', () => {
    const slides = freeSlides();
    const words = slides[1]!.texts.reduce((n, t) => n + t.text.replaceAll('*', '').split(/\s+/).length, 0);
    const one = freeFitFigures({ slides: [slides[1]!] }, FREE);
    expect(one.narrationSeconds).toBeCloseTo(words / ESTIMATED_WORDS_PER_SECOND, 0);
    const made = freeFitFigures({ slides: [narrated(slides[1]!, 2)] }, FREE);
    expect(made.narrationSeconds).toBeCloseTo(2 * slides[1]!.texts.length, 5);
  });

  it('counts no allowance for recorded or silent slides, but their length still counts', () => {
    const [first] = freeSlides();
    const silent = { ...first!, settings: { ...first!.settings, audioSource: 'none' as const } };
    const figures = freeFitFigures({ slides: [silent] }, FREE);
    expect(figures.narrationSeconds).toBe(0);
    expect(figures.videoSeconds).toBeGreaterThan(0);
  });

  it('finds that ten slides of a 380-word article do not fit the free plan', () => {
    const slides = freeSlides();
    expect(slides).toHaveLength(10);
    const figures = freeFitFigures({ slides }, FREE);
    expect(figures.fits).toBe(false);
    expect(figures.narrationSeconds).toBeGreaterThan(FREE.maxSpeechSeconds!);
  });

  it('finds that the same slides fit a plan without limits', () => {
    expect(freeFitFigures({ slides: freeSlides() }, abilitiesFor('paid')).fits).toBe(true);
  });
});

describe('fitFreeVideo', () => {
  it('leaves out the least central slides until narration and video fit, keeping the first and the order', () => {
    const slides = freeSlides();
    const kept = fitFreeVideo({ slides }, FREE);
    const figures = freeFitFigures({ slides: kept }, FREE);
    expect(figures.fits).toBe(true);
    expect(figures.narrationSeconds).toBeLessThanOrEqual(35);
    expect(figures.videoSeconds).toBeLessThanOrEqual(60);
    expect(kept[0]).toBe(slides[0]);
    const positions = kept.map((slide) => slides.indexOf(slide));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // Only as many slides go as must: putting back any one of them no longer fits.
    for (const slide of slides.filter((s) => !kept.includes(s))) {
      const back = slides.filter((s) => kept.includes(s) || s === slide);
      expect(freeFitFigures({ slides: back }, FREE).fits).toBe(false);
    }
  });

  it('counts the contact frames the customize step adds', () => {
    const slides = freeSlides();
    const entry = (value: string) => ({ enabled: true, value });
    const social = { intro: entry('Bees!'), website: entry('bees.example'), outro: entry('Thanks for watching') };
    const plain = fitFreeVideo({ slides }, FREE);
    // Three contact frames of 5 s each.
    expect(freeFitFigures({ slides: plain, social }, FREE).videoSeconds).toBeCloseTo(
      freeFitFigures({ slides: plain }, FREE).videoSeconds + 15,
      5,
    );
    const withContact = fitFreeVideo({ slides, social }, FREE);
    expect(withContact.length).toBeLessThanOrEqual(plain.length);
    expect(freeFitFigures({ slides: withContact, social }, FREE).fits).toBe(true);
  });

  it('answers slides that already fit unchanged', () => {
    const slides = freeSlides().slice(0, 3);
    expect(fitFreeVideo({ slides }, FREE)).toEqual(slides);
  });
});
