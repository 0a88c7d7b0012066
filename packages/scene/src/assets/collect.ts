import { type Background, isVideoSiteUrl, type Movie } from '@reelwright/core';
import { CAPTION_FONT_FAMILY, captionStyleOf } from '../draw/captions';

/** A font face a movie needs. */
export type FontNeed = { family: string; weight: number; style: 'normal' | 'italic' };

/** The urls and font faces a movie refers to, each listed once, in a stable order. */
export type AssetNeeds = { fonts: FontNeed[]; images: string[]; videos: string[] };

const fontKey = (f: FontNeed) => `${f.family} ${f.weight} ${f.style}`;

/** Lists every font face, image and clip that drawing `movie` can ask for. */
export function collectAssets(movie: Movie): AssetNeeds {
  const fonts = new Map<string, FontNeed>();
  const images = new Set<string>();
  const videos = new Set<string>();
  const addFont = (f: FontNeed) => fonts.set(fontKey(f), f);
  const addBackground = (bg: Background | undefined) => {
    if (!bg?.url) return;
    if (bg.type === 'image') images.add(bg.url);
    if (bg.type === 'video') videos.add(bg.url);
  };
  addBackground(movie.background);
  for (const frame of movie.frames) {
    addBackground(frame.background);
    for (const item of frame.items) {
      addBackground(item.background);
      if (item.type === 'image') images.add(item.url);
      else if (item.type === 'video') {
        // A video-site clip is drawn as its poster (D55).
        if (!isVideoSiteUrl(item.url)) videos.add(item.url);
        else if (item.poster) images.add(item.poster);
      } else if (item.type === 'gallery') {
        for (const image of item.images) if (image.url) images.add(image.url);
      } else if (item.type === 'text') {
        for (const paragraph of item.paragraphs) {
          for (const run of paragraph.runs) {
            addFont({
              family: item.font.family,
              weight: run.bold ? 700 : 400,
              style: run.italic ? 'italic' : 'normal',
            });
          }
        }
      }
    }
  }
  const mark = movie.watermark;
  if (mark.type === 'text') addFont({ family: mark.fontFamily, weight: 400, style: 'normal' });
  if (mark.type === 'image' && mark.image) images.add(mark.image);
  if (captionStyleOf(movie)) addFont({ family: CAPTION_FONT_FAMILY, weight: 700, style: 'normal' });
  return { fonts: [...fonts.values()], images: [...images], videos: [...videos] };
}

export { fontKey };
