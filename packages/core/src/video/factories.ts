import { type TextItem, TextItemSchema } from './item';
import { type Frame, FrameSchema } from './movie';

/**
 * A complete frame with every default filled in, as the server stores it: clients that build
 * frames through this hash the same document the server keeps, so patches apply cleanly.
 */
export function createFrame(id: string, overrides: Partial<Frame> = {}): Frame {
  return FrameSchema.parse({ id, ...overrides });
}

/** A text item of plain paragraphs (one per line of `text`), centred in `box`, with defaults. */
export function createTextItem(
  id: string,
  text: string,
  overrides: Partial<Omit<TextItem, 'type' | 'paragraphs'>> = {},
): TextItem {
  return TextItemSchema.parse({
    id,
    type: 'text',
    timing: { start: 0, stop: 3 },
    box: { left: 0.1, top: 0.35, width: 0.8, height: 0.3 },
    paragraphs: text.split('\n').map((line) => ({ runs: [{ text: line }] })),
    ...overrides,
  });
}
