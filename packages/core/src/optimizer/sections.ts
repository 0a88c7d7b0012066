import type { Frame, Movie } from '../video/movie';
import { frameStarts } from '../video/timing';

/** What a frame says: its text items' paragraphs, one a line, in layer order (top first). */
export function frameText(frame: Pick<Frame, 'items'>): string {
  return frame.items
    .flatMap((item) => (item.type === 'text' ? item.paragraphs.map((p) => p.runs.map((r) => r.text).join('')) : []))
    .join('\n')
    .trim();
}

/** The movie's slides as the optimizer reads them: where each starts and what it says. */
export function movieSections(movie: Pick<Movie, 'frames'>): { start: number; text: string }[] {
  const starts = frameStarts(movie);
  return movie.frames.map((frame, i) => ({ start: starts[i] ?? 0, text: frameText(frame) }));
}
