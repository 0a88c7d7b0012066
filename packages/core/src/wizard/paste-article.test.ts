import { describe, expect, it } from 'vitest';
import { normaliseParagraphs, splitPastedArticle } from './paste-article';

describe('normaliseParagraphs', () => {
  it('makes each non-empty line a paragraph separated by one blank line', () => {
    expect(normaliseParagraphs('One.\r\nTwo.\r\n\r\n\r\n  Three   words\there.  \rFour.')).toBe(
      'One.\n\nTwo.\n\nThree words here.\n\nFour.',
    );
  });

  it('answers empty for blank text', () => {
    expect(normaliseParagraphs(' \n\t\n ')).toBe('');
  });
});

describe('splitPastedArticle', () => {
  it('takes a short first line without a final period as the title', () => {
    expect(splitPastedArticle('  Ten Great Coffees\n\nFirst paragraph.\nSecond one.', 'coffee')).toEqual({
      title: 'Ten Great Coffees',
      body: 'First paragraph.\n\nSecond one.',
    });
  });

  it('uses the capitalised main keyword when the first line ends with a period', () => {
    expect(splitPastedArticle('Coffee is great.\nIt wakes you up.', 'coffee beans')).toEqual({
      title: 'Coffee beans',
      body: 'Coffee is great.\n\nIt wakes you up.',
    });
  });

  it('uses the keyword when the first line is longer than 150 characters', () => {
    const long = 'x'.repeat(151);
    expect(splitPastedArticle(`${long}\nMore`, 'tea')).toEqual({ title: 'Tea', body: `${long}\n\nMore` });
    const edge = 'y'.repeat(150);
    expect(splitPastedArticle(`${edge}\nMore`, 'tea')).toEqual({ title: edge, body: 'More' });
  });

  it('keeps a lone line as the body', () => {
    expect(splitPastedArticle('Just one line', 'tea')).toEqual({ title: 'Tea', body: 'Just one line' });
  });

  it('answers null for blank text', () => {
    expect(splitPastedArticle('\n  \n', 'tea')).toBeNull();
  });
});
