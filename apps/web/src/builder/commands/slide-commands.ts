import { type Frame, NO_BACKGROUND } from '@reelwright/core';
import { current } from 'immer';
import { defineCommand } from './define';
import { frameOf } from './lookup';
import { followsMovieBackground } from './movie-commands';
import type { Recipe } from './project-document';

/**
 * Puts a slide at `index` of the movie. A new slide with the default background shows the
 * movie's background color when one is set (D93).
 */
export const addSlide = defineCommand<{ frame: Frame; index: number }>({
  name: 'addSlide',
  perform(draft, { frame, index }) {
    if (draft.video.background && followsMovieBackground(frame.background, draft.video.background)) {
      frame = { ...frame, background: structuredClone(NO_BACKGROUND) };
    }
    draft.video.frames.splice(Math.max(0, Math.min(index, draft.video.frames.length)), 0, frame);
  },
});

/** The slide the builder adds when it opens on a project without one (spec 002 §2): not an edit. */
export const addFirstSlide = defineCommand<{ frame: Frame }>({
  name: 'addFirstSlide',
  history: 'ignore',
  perform(draft, { frame }) {
    if (draft.video.frames.length === 0) draft.video.frames.push(frame);
  },
});

export const removeSlide = defineCommand<{ frameId: string }>({
  name: 'removeSlide',
  perform(draft, { frameId }) {
    draft.video.frames = draft.video.frames.filter((frame) => frame.id !== frameId);
  },
});

/** A copy of a slide, under a new id, right after it. */
export const duplicateSlide = defineCommand<{ frameId: string; newId: string }>({
  name: 'duplicateSlide',
  perform(draft, { frameId, newId }) {
    const copy = structuredClone(current(frameOf(draft, frameId)));
    copy.id = newId;
    // A copy is the author's own: rebuilding from the wizard leaves it alone (D38).
    delete copy.origin;
    const index = draft.video.frames.findIndex((frame) => frame.id === frameId);
    draft.video.frames.splice(index + 1, 0, copy);
  },
});

/** Moves a slide to another place in the movie (the slide bar's drag). */
export const reorderSlide = defineCommand<{ frameId: string; toIndex: number }>({
  name: 'reorderSlide',
  perform(draft, { frameId, toIndex }) {
    const frames = draft.video.frames;
    const from = frames.findIndex((frame) => frame.id === frameId);
    if (from < 0 || from === toIndex) return;
    const [frame] = frames.splice(from, 1);
    frames.splice(Math.max(0, Math.min(toIndex, frames.length)), 0, frame!);
  },
});

/**
 * Any other change to the document, made by a recipe: the wizard's edits and the screens that
 * still edit the project as a whole. A quick burst of them is one undo step, as typing is.
 */
export const updateProject = defineCommand<{ recipe: Recipe }>({
  name: 'updateProject',
  mergeKey: () => 'updateProject',
  perform: (draft, { recipe }) => recipe(draft),
});
