import { describe, it } from 'vitest';
import { expectGolden, itemOf, movieOf } from './support';

const rich = itemOf('text', {
  paragraphs: [
    {
      runs: [
        { text: 'Make ' },
        { text: 'bold', bold: true },
        { text: ' and ' },
        { text: 'italic', italic: true },
        { text: ' words,' },
      ],
    },
    {
      runs: [
        { text: 'underline', underline: true },
        { text: ' a ' },
        { text: 'coloured', color: '#ff6b6b' },
        { text: ' span and a ' },
        { text: 'keyword', mark: true },
      ],
    },
  ],
  boldColor: '#74c0fc',
  markColor: '#ffd43b',
  fitText: false,
  font: { family: 'Inter', size: 36 / 576, lineHeight: 1.3 },
});

describe('text goldens', () => {
  it('draws bold, italic, underline, colour and mark runs, centred', async () => {
    await expectGolden('text-rich', movieOf([rich]), 1);
  });

  // RTL mirrors the alignment (D19): 'left' is the start side, the right edge in RTL text.
  const rtl = (align: string) =>
    itemOf('text', {
      paragraphs: [
        { runs: [{ text: 'Hello, world!' }] },
        { runs: [{ text: 'right to left', bold: true }, { text: ' (rtl).' }] },
      ],
      direction: 'rtl',
      align,
      fitText: false,
    });

  it('draws right-to-left text at the start alignment against the right edge', async () => {
    await expectGolden('text-rtl', movieOf([rtl('left')]), 1);
  });

  it('draws right-to-left text at the end alignment against the left edge', async () => {
    await expectGolden('text-rtl-end', movieOf([rtl('right')]), 1);
  });

  it('shrinks long text until it fits the box', async () => {
    const long = itemOf('text', {
      box: { left: 0.2, top: 0.3, width: 0.6, height: 0.4 },
      paragraphs: [
        {
          runs: [
            {
              text: 'A long sentence that cannot fit at the default size, so fit-text shrinks the font in steps until every line fits inside the box.',
            },
          ],
        },
      ],
      background: { type: 'color', color: '#2f9e44' },
    });
    await expectGolden('text-fit', movieOf([long]), 1);
  });
});
