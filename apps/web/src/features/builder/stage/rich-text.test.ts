import type { Paragraph } from '@reelwright/core';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { htmlToParagraphs, paragraphsToHtml } from './rich-text';

function parse(html: string): Paragraph[] {
  const { document } = parseHTML(`<html><body><div id="root">${html}</div></body></html>`);
  return htmlToParagraphs(document.getElementById('root') as never);
}

describe('rich text of the in-place editor', () => {
  it('round-trips bold, italic, underline, colour and keyword marks', () => {
    const paragraphs: Paragraph[] = [
      { runs: [{ text: 'Big', bold: true }, { text: ' news ' }, { text: 'today', italic: true, underline: true }] },
      {
        runs: [
          { text: 'In red', color: '#ff0000' },
          { text: ' & <more>', mark: true },
        ],
      },
    ];
    expect(parse(paragraphsToHtml(paragraphs))).toEqual(paragraphs);
  });

  it('keeps an empty line between paragraphs', () => {
    const paragraphs: Paragraph[] = [{ runs: [{ text: 'One' }] }, { runs: [] }, { runs: [{ text: 'Two' }] }];
    expect(parse(paragraphsToHtml(paragraphs))).toEqual(paragraphs);
  });

  it('reads what Chromium makes while typing: a first line as text, then divs and <br>', () => {
    expect(parse('First<div>Second</div><div><br></div>')).toEqual([
      { runs: [{ text: 'First' }] },
      { runs: [{ text: 'Second' }] },
    ]);
    expect(parse('a<br>b')).toEqual([{ runs: [{ text: 'a' }] }, { runs: [{ text: 'b' }] }]);
  });

  it('reads <b>, <i>, <u>, <font color> and style spans, and merges runs that look alike', () => {
    expect(parse('<b>x</b><strong>y</strong> <i>z</i><u>w</u><font color="#00ff00">g</font>')).toEqual([
      {
        runs: [
          { text: 'xy', bold: true },
          { text: ' ' },
          { text: 'z', italic: true },
          { text: 'w', underline: true },
          { text: 'g', color: '#00ff00' },
        ],
      },
    ]);
    expect(parse('<span style="font-weight: 700; color: rgb(1, 2, 3)">t</span>')).toEqual([
      { runs: [{ text: 't', bold: true, color: 'rgb(1, 2, 3)' }] },
    ]);
  });

  it('turns non-breaking spaces into spaces and gives an empty area one empty paragraph', () => {
    expect(parse('a&nbsp;b')).toEqual([{ runs: [{ text: 'a b' }] }]);
    expect(parse('')).toEqual([{ runs: [] }]);
  });
});
