import { hashString, type RenderStatus } from '@reelwright/core';
import { create } from 'zustand';
import { ApiRequestError } from '../../../lib/api';
import { useProject } from '../../project/project-store';
import { publishApi } from '../../publish/publish-api';
import { finalizeVideo } from '../slides/finalize-video';
import { type PublishPhase, phaseOfRender, type QueuedRender, reusableRender } from './publish-phase';

type PublishRunState = {
  phase: PublishPhase;
  /** The render queued last in this session: coming back to the step shows it instead of queueing again. */
  queued: QueuedRender | null;
  /** The project rated in this session, so the thank-you stays. */
  ratedPid: number | null;
};

/** The publish step's state; it outlives the step so Back and forth does not queue twice. */
export const usePublishRun = create<PublishRunState>(() => ({
  phase: { name: 'login' },
  queued: null,
  ratedPid: null,
}));

const setPhase = (phase: PublishPhase) => usePublishRun.setState({ phase });

/** Each run has a token; a newer run or leaving the step makes an older run stop at its next step. */
let currentRun = 0;

/** Stops the running publish at its next step (the step is being left). */
export function cancelPublish() {
  currentRun += 1;
}

/** Waits for the 'Enter project name:' prompt to be answered and the save that follows. */
function savedAfterNamePrompt(): Promise<'saved' | 'failed' | 'no-name'> {
  return new Promise((resolve) => {
    const stop = useProject.subscribe((state) => {
      if (state.namePromptOpen) return;
      let outcome: 'saved' | 'failed' | 'no-name' | null = null;
      if (!state.name.trim()) outcome = 'no-name';
      else if (state.saveState === 'saved' && state.id !== null) outcome = 'saved';
      else if (state.saveState === 'failed' || state.saveState === 'retrying') outcome = 'failed';
      if (outcome === null) return;
      stop();
      resolve(outcome);
    });
  });
}

/** A fingerprint of the video about to be rendered: the same video is not queued twice. */
const videoFingerprint = () => hashString(JSON.stringify(useProject.getState().data.video)).toString(16);

/** Takes a render's new status: the phase and the remembered render follow it. */
export function receiveRender(render: RenderStatus) {
  const { queued } = usePublishRun.getState();
  usePublishRun.setState({
    phase: phaseOfRender(render),
    queued: queued && queued.render.qid === render.qid ? { ...queued, render } : queued,
  });
}

/**
 * Publishes the open project (spec 001 §4 "Publish step"; the member is logged in): brings the
 * video's frames, music and watermark up to date, saves (waiting for the name prompt), checks
 * the quota, then queues the render to `email` ('being published'). A render already queued in
 * this session for the same video is shown again instead.
 */
export async function startPublish(email: string): Promise<void> {
  currentRun += 1;
  const run = currentRun;
  const stale = () => run !== currentRun;

  setPhase({ name: 'saving' });
  finalizeVideo();
  let saved = await useProject.getState().saveNow();
  if (saved === 'needs-name') {
    const named = await savedAfterNamePrompt();
    if (stale()) return;
    if (named === 'no-name')
      return setPhase({ name: 'save-failed', message: 'Give your project a name to publish it.' });
    saved = named;
  }
  if (stale()) return;
  const pid = useProject.getState().id;
  if (saved !== 'saved' || pid === null) {
    return setPhase({ name: 'save-failed', message: 'Could not save the project, so it cannot be published yet.' });
  }

  const fingerprint = videoFingerprint();
  const earlier = reusableRender(usePublishRun.getState().queued, pid, fingerprint);
  if (earlier) return setPhase(phaseOfRender(earlier));

  setPhase({ name: 'checking' });
  try {
    const quota = await publishApi.quota();
    if (stale()) return;
    if (quota.error) return setPhase({ name: 'quota-error', html: quota.error });
    const render = await publishApi.queue({ pid, email, action: 'download' });
    if (stale()) return;
    usePublishRun.setState({ queued: { pid, fingerprint, render }, phase: phaseOfRender(render) });
  } catch (failure) {
    if (stale()) return;
    if (failure instanceof ApiRequestError && failure.code === 'quota_exceeded') {
      const quota = await publishApi.quota().catch(() => null);
      if (quota?.error) return setPhase({ name: 'quota-error', html: quota.error });
    }
    setPhase({ name: 'queue-failed', message: (failure as Error).message });
  }
}
