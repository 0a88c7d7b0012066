import { audioPlan, type Frame, type Movie } from '@reelwright/core';
import { collectAssets } from '@reelwright/scene';

/**
 * The open slide as a movie of its own, which the stage draws at the editor's playhead (seconds
 * from the slide's start). The item being edited in place is left out: the text box shows it.
 */
export function slideMovie(video: Movie, frame: Frame, hiddenItemId: string | null = null): Movie {
  const items = hiddenItemId ? frame.items.filter((item) => item.id !== hiddenItemId) : frame.items;
  return { ...video, frames: [items === frame.items ? frame : { ...frame, items }] };
}

/** What the movie's pictures need loaded: the same key means the loaded assets still serve. */
export function assetKey(movie: Movie): string {
  return JSON.stringify(collectAssets(movie));
}

/** What the movie's sound is: the same key means the loaded sounds and clock still serve. */
export function soundKey(movie: Movie): string {
  return JSON.stringify(audioPlan(movie));
}
