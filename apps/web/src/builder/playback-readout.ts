import type { ProjectData, Seconds } from '@reelwright/core';
import type { EditorSession } from './editor';
import { scopeDuration, scopeTime } from './playback';

/** What the control bar's readout counts: the open slide, or the whole video while it plays. */
export type Readout = { scope: 'slide' | 'video'; time: Seconds; duration: Seconds };

/**
 * The control bar's readout (spec 002 §2, D97): while the whole video plays, the time in the
 * whole video and its length, as a timeline editor's timecode counts the sequence; otherwise (paused,
 * or playing this slide) the playhead in the open slide and the slide's length. `dragged` is the
 * slider's own position while it is dragged (a slide time).
 */
export function readoutOf(
  data: ProjectData,
  session: Pick<EditorSession, 'frameId' | 'playhead' | 'playback'>,
  dragged: Seconds | null = null,
): Readout {
  const frameId = session.frameId;
  const slideLength = scopeDuration(data, 'slide', frameId ?? '');
  if (frameId !== null && session.playback?.scope === 'video' && dragged === null) {
    return {
      scope: 'video',
      time: scopeTime(data, 'video', { frameId, playhead: session.playhead }),
      duration: scopeDuration(data, 'video', frameId),
    };
  }
  return { scope: 'slide', time: Math.min(dragged ?? session.playhead, slideLength), duration: slideLength };
}
