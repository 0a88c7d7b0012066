import type { Paragraph, TextRun } from '@reelwright/core';

/**
 * The rich text the model holds (paragraphs of runs: bold, italic, underline, colour, keyword
 * marks) to and from the HTML of the in-place editor's editable area.
 */

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function runHtml(run: TextRun): string {
  if (!run.text) return '';
  const styles: string[] = [];
  if (run.bold) styles.push('font-weight: bold');
  if (run.italic) styles.push('font-style: italic');
  if (run.underline) styles.push('text-decoration: underline');
  if (run.color) styles.push(`color: ${run.color}`);
  const text = escapeHtml(run.text);
  const inner = run.mark ? `<mark>${text}</mark>` : text;
  return styles.length > 0 ? `<span style="${styles.join('; ')}">${inner}</span>` : inner;
}

/** One `<div>` per paragraph (as Chromium's editable areas make them); an empty one holds a `<br>`. */
export function paragraphsToHtml(paragraphs: readonly Paragraph[]): string {
  return paragraphs
    .map((paragraph) => {
      const html = paragraph.runs.map(runHtml).join('');
      return `<div>${html || '<br>'}</div>`;
    })
    .join('');
}

/** The parts of a DOM node the parser reads (a browser's or linkedom's). */
type DomNode = {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  getAttribute?(name: string): string | null;
  style?: {
    fontWeight?: string;
    fontStyle?: string;
    textDecoration?: string;
    textDecorationLine?: string;
    color?: string;
  };
};

type Look = Omit<TextRun, 'text'>;
const BLOCKS = new Set(['DIV', 'P', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

function lookOf(node: DomNode, inherited: Look): Look {
  const look = { ...inherited };
  const name = node.nodeName.toUpperCase();
  if (name === 'B' || name === 'STRONG') look.bold = true;
  if (name === 'I' || name === 'EM') look.italic = true;
  if (name === 'U') look.underline = true;
  if (name === 'MARK') look.mark = true;
  const fontColor = name === 'FONT' ? node.getAttribute?.('color') : null;
  if (fontColor) look.color = fontColor;
  const style = node.style;
  if (style) {
    const weight = style.fontWeight ?? '';
    if (weight === 'bold' || Number(weight) >= 600) look.bold = true;
    if (weight === 'normal' || (Number(weight) > 0 && Number(weight) < 600)) look.bold = undefined;
    if (style.fontStyle === 'italic') look.italic = true;
    if (`${style.textDecoration ?? ''} ${style.textDecorationLine ?? ''}`.includes('underline')) look.underline = true;
    if (style.color) look.color = style.color;
  }
  return look;
}

const sameLook = (a: TextRun, b: Look) =>
  Boolean(a.bold) === Boolean(b.bold) &&
  Boolean(a.italic) === Boolean(b.italic) &&
  Boolean(a.underline) === Boolean(b.underline) &&
  Boolean(a.mark) === Boolean(b.mark) &&
  (a.color ?? '') === (b.color ?? '');

/** Reads the editable area back into paragraphs: blocks and `<br>` start paragraphs, looks become runs. */
export function htmlToParagraphs(root: DomNode): Paragraph[] {
  const paragraphs: Paragraph[] = [{ runs: [] }];
  const current = () => paragraphs[paragraphs.length - 1]!;
  const breakParagraph = () => paragraphs.push({ runs: [] });

  const addText = (text: string, look: Look) => {
    if (!text) return;
    const runs = current().runs;
    const last = runs[runs.length - 1];
    if (last && sameLook(last, look)) last.text += text;
    else runs.push({ text, ...definedOnly(look) });
  };

  const walk = (node: DomNode, look: Look) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === TEXT_NODE) {
        addText((child.textContent ?? '').replace(/\u00a0/g, ' '), look);
        continue;
      }
      if (child.nodeType !== ELEMENT_NODE) continue;
      const name = child.nodeName.toUpperCase();
      if (name === 'BR') {
        breakParagraph();
        continue;
      }
      const block = BLOCKS.has(name);
      if (block && current().runs.length > 0) breakParagraph();
      walk(child, lookOf(child, look));
      // A block ends its paragraph; a trailing <br> inside it already did.
      if (block && current().runs.length > 0) breakParagraph();
    }
  };
  walk(root, {});
  // Drop the empty paragraph a final block or <br> leaves behind, but keep at least one.
  while (paragraphs.length > 1 && current().runs.length === 0) paragraphs.pop();
  return paragraphs;
}

function definedOnly(look: Look): Look {
  const out: Look = {};
  if (look.bold) out.bold = true;
  if (look.italic) out.italic = true;
  if (look.underline) out.underline = true;
  if (look.mark) out.mark = true;
  if (look.color) out.color = look.color;
  return out;
}
