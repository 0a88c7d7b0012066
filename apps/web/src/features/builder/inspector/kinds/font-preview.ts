import { fontFaceFiles } from '../../../player/font-files';

const registered = new Set<string>();

/**
 * Makes a catalogued family usable by name in the page without fetching it: its faces (one per
 * subset, with their unicode ranges) join `document.fonts` unloaded, and the browser fetches
 * only the files of the characters it draws, when it draws them. The font list calls this for
 * the names it shows, so opening it never loads all ~190 families.
 */
export function registerFontPreview(family: string): void {
  if (registered.has(family) || typeof FontFace === 'undefined' || typeof document === 'undefined') return;
  registered.add(family);
  const face = fontFaceFiles(family, 400, 'normal');
  if (!face) return;
  for (const file of face.files) {
    document.fonts.add(
      new FontFace(face.family, `url(${file.url}) format('woff2')`, {
        weight: String(face.weight),
        style: face.style,
        ...(file.unicodeRange ? { unicodeRange: file.unicodeRange } : {}),
      }),
    );
  }
}
