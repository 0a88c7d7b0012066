import { describe, expect, it } from 'vitest';
import { MIN_LISTICLE_ITEMS } from '../limits';
import { messages } from '../messages';
import { validateListicle } from './listicle';
import { type Listicle, ListicleSchema } from './schema';

const buildListicle = (overrides: Partial<Listicle> = {}): Listicle =>
  ListicleSchema.parse({
    idea: 'Cities worth a visit',
    list: [
      { id: '1', name: 'Kyoto', trivia: 'over a thousand temples.' },
      { id: '2', name: 'Paris', trivia: '' },
      { id: '3', name: 'Rome', trivia: 'Home of the Colosseum. Built in 80 AD!' },
    ],
    ...overrides,
  });

describe('validateListicle', () => {
  it(`needs at least ${MIN_LISTICLE_ITEMS} named items`, () => {
    expect(MIN_LISTICLE_ITEMS).toBe(2);
    const tooShort = { ok: false, error: 'You need at least 2 items in your listicle.' };
    expect(messages.listicleTooShort).toBe(tooShort.error);
    expect(validateListicle(buildListicle({ list: [] }), 'travel')).toEqual(tooShort);
    const oneNamed = buildListicle({
      list: [
        { id: '1', name: 'Kyoto', trivia: '' },
        { id: '2', name: '  ', trivia: 'trivia without a name' },
      ],
    });
    expect(validateListicle(oneNamed, 'travel')).toEqual(tooShort);
    const twoNamed = buildListicle({
      list: [
        { id: '1', name: 'Kyoto', trivia: '' },
        { id: '2', name: 'Paris', trivia: '' },
      ],
    });
    expect(validateListicle(twoNamed, 'travel').ok).toBe(true);
  });

  it('counts down with ranks by default (reverse and numitem on), trivia in the same paragraph', () => {
    expect(validateListicle(buildListicle(), 'travel')).toEqual({
      ok: true,
      article: {
        title: 'Cities worth a visit',
        body: '#3 Rome. Home of the Colosseum. Built in 80 AD!\n\n#2 Paris.\n\n#1 Kyoto. Over a thousand temples.',
      },
    });
  });

  it('keeps list order when reverse is off', () => {
    const result = validateListicle(buildListicle({ reverse: false }), 'travel');
    expect(result.ok && result.article.body.split('\n\n')).toEqual([
      '#1 Kyoto. Over a thousand temples.',
      '#2 Paris.',
      '#3 Rome. Home of the Colosseum. Built in 80 AD!',
    ]);
  });

  it('leaves out the ranks when numitem is off', () => {
    const result = validateListicle(buildListicle({ numitem: false, reverse: false }), 'travel');
    expect(result.ok && result.article.body.split('\n\n')).toEqual([
      'Kyoto. Over a thousand temples.',
      'Paris.',
      'Rome. Home of the Colosseum. Built in 80 AD!',
    ]);
  });

  it('ranks only the named items and does not add a full stop after a name that ends a sentence', () => {
    const listicle = buildListicle({
      reverse: false,
      list: [
        { id: '1', name: ' Why Kyoto? ', trivia: ' temples ' },
        { id: '2', name: '', trivia: 'dropped' },
        { id: '3', name: 'Paris', trivia: '' },
      ],
    });
    const result = validateListicle(listicle, 'travel');
    expect(result.ok && result.article.body).toBe('#1 Why Kyoto? Temples\n\n#2 Paris.');
  });

  it('titles an idea-less listicle after the count and the main keyword', () => {
    const result = validateListicle(buildListicle({ idea: ' ' }), 'european cities, travel');
    expect(result.ok && result.article.title).toBe('Top 3 european cities');
    const noKeyword = validateListicle(buildListicle({ idea: '' }), '');
    expect(noKeyword.ok && noKeyword.article.title).toBe('Top 3');
  });
});
