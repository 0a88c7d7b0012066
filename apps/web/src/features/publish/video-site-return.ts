import type { VideoSiteOutcome } from '@reelwright/core';
import { useEffect } from 'react';
import { create } from 'zustand';
import { useProject } from '../project/project-store';
import { usePublishDialog } from './publish-store';

const OUTCOMES: readonly string[] = ['connected', 'denied', 'failed'] satisfies VideoSiteOutcome[];

/** How the last connect attempt ended, read once from the address Google's callback sent us back to. */
export const useVideoSiteReturn = create<{ outcome: VideoSiteOutcome | null; reason: string | null; clear(): void }>(
  (set) => ({ outcome: null, reason: null, clear: () => set({ outcome: null, reason: null }) }),
);

/** The address without the connect outcome, keeping path, other parameters and hash. */
export function addressWithoutOutcome(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('video_site');
  url.searchParams.delete('video_site_reason');
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Back from connecting a channel (`?video_site=connected|denied|failed`): once the project has
 * loaded, the publish dialog reopens at the video-site step with the outcome, and the address
 * loses the parameters so a reload does not show it again.
 */
export function useReopenAfterConnect() {
  const pid = useProject((state) => state.id);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const outcome = params.get('video_site');
    if (!outcome || !OUTCOMES.includes(outcome) || pid === null) return;
    useVideoSiteReturn.setState({ outcome: outcome as VideoSiteOutcome, reason: params.get('video_site_reason') });
    window.history.replaceState(window.history.state, '', addressWithoutOutcome(window.location.href));
    usePublishDialog.getState().open('youtube');
  }, [pid]);
}
