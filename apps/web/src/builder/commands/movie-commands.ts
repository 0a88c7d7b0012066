import { customMovieSize } from '@reelwright/core';
import { defineCommand } from './define';

/**
 * The movie's size (the 'Resize' menu item, spec 002 §9). A custom size outside 100–2000 px a
 * side resets as the spec says; geometry is relative, so nothing moves.
 */
export const setMovieSize = defineCommand<{ width: number; height: number }>({
  name: 'setMovieSize',
  perform(draft, { width, height }) {
    draft.video.size = customMovieSize(width, height);
  },
});
