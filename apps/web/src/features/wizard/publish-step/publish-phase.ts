import type { RenderStatus } from '@reelwright/core';

/**
 * Where the publish step is (spec 001 §4 "Publish step"): login, then saving (the name prompt
 * included), the quota check, queueing, then 'being published' until the render is done or failed.
 */
export type PublishPhase =
  | { name: 'login' }
  | { name: 'saving' }
  | { name: 'save-failed'; message: string }
  | { name: 'checking' }
  | { name: 'quota-error'; html: string }
  | { name: 'queue-failed'; message: string }
  | { name: 'publishing'; render: RenderStatus }
  | { name: 'done'; render: RenderStatus }
  | { name: 'render-failed'; render: RenderStatus };

/** The phase a render's status puts the step in: done once the MP4 has an address. */
export function phaseOfRender(render: RenderStatus): PublishPhase {
  if (render.status === 'done' && render.url) return { name: 'done', render };
  if (render.status === 'failed') return { name: 'render-failed', render };
  return { name: 'publishing', render };
}

/** A render queued earlier in this session, and the video it was queued for. */
export type QueuedRender = { pid: number; fingerprint: string; render: RenderStatus };

/**
 * Whether coming back to the step may show a render queued earlier instead of queueing again:
 * same project, same video, and the render did not fail.
 */
export function reusableRender(previous: QueuedRender | null, pid: number, fingerprint: string): RenderStatus | null {
  if (!previous || previous.pid !== pid || previous.fingerprint !== fingerprint) return null;
  return previous.render.status === 'failed' ? null : previous.render;
}
