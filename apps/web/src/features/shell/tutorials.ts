import type { Tutorial, TutorialGroup } from '@reelwright/core';
import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { call } from '../../lib/api';

/** Playlist groups, in the order the popup shows them (spec 000 §2, 002 §2), with what each holds. */
export const TUTORIAL_GROUPS: readonly { name: TutorialGroup; about: string }[] = [
  { name: 'Intro', about: 'Your first video, from a keyword to a finished MP4.' },
  { name: 'Business', about: 'Automation with Zapier and the WordPress plugin.' },
  { name: 'Advanced', about: 'The full editor: timing, layers and animations.' },
  { name: 'Other', about: 'Tips, pronunciations and everything else.' },
];

/** The training videos the operator added (`GET /api/queries/tutorials`), by group and playlist order. */
export function useTutorials() {
  return useQuery({
    queryKey: ['tutorials'],
    queryFn: () => call('tutorials'),
    staleTime: 10 * 60_000,
  });
}

/** The tutorials of one group, in playlist order. */
export const tutorialsIn = (group: TutorialGroup, videos: readonly Tutorial[]) =>
  videos.filter((video) => video.group === group);

/**
 * The video the player starts on for an opening of the popup: the one named 'first' or 'intro'
 * (spec 002 §2's optional names; 'intro' opens the Intro group's playlist), or none (the grid).
 */
export function startingVideo(videos: readonly Tutorial[], name: 'first' | 'intro' | null): Tutorial | null {
  if (!name) return null;
  return (
    videos.find((video) => video.name === name) ?? (name === 'intro' ? (tutorialsIn('Intro', videos)[0] ?? null) : null)
  );
}

/** The video after `current` in the playlist (the whole list, group after group), or null at its end. */
export function nextVideo(videos: readonly Tutorial[], current: Tutorial): Tutorial | null {
  const at = videos.findIndex((video) => video.id === current.id);
  return at >= 0 ? (videos[at + 1] ?? null) : null;
}

type TutorialsPopupState = {
  opened: boolean;
  /** The named video to start on, if any. */
  start: 'first' | 'intro' | null;
  open(start?: 'first' | 'intro'): void;
  close(): void;
};

/** Opens the 'Video tutorials' popup from the menu bar (and later from the wizard). */
export const useTutorialsPopup = create<TutorialsPopupState>((set) => ({
  opened: false,
  start: null,
  open: (start) => set({ opened: true, start: start ?? null }),
  close: () => set({ opened: false, start: null }),
}));
