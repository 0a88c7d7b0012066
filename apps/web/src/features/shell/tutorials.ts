import { create } from 'zustand';

/** Playlist groups, in the order the popup shows them (spec 000 §2). */
export const TUTORIAL_GROUPS = [
  { name: 'Intro', about: 'Your first video, from a keyword to a finished MP4.' },
  { name: 'Business', about: 'Automation with Zapier and the WordPress plugin.' },
  { name: 'Advanced', about: 'The full editor: timing, layers and animations.' },
  { name: 'Other', about: 'Tips, pronunciations and everything else.' },
] as const;
export type TutorialGroup = (typeof TUTORIAL_GROUPS)[number]['name'];

/** A training video (spec 000 §3). */
export type VideoTutorial = {
  title: string;
  /** Where the video plays. */
  url: string;
  group: TutorialGroup;
  /** 'first' is shown to first-time visitors, 'intro' opens the Intro group. */
  name?: 'first' | 'intro';
  thumbnail_url?: string;
};

/** The playlist. No training videos are recorded yet; entries added here appear in the popup. */
export const TUTORIAL_VIDEOS: readonly VideoTutorial[] = [];

/** The tutorials of one group, in playlist order. */
export function tutorialsIn(group: TutorialGroup, videos: readonly VideoTutorial[] = TUTORIAL_VIDEOS) {
  return videos.filter((video) => video.group === group);
}

type TutorialsPopupState = { opened: boolean; open(): void; close(): void };

/** Opens the 'Video tutorials' popup from the menu bar (and later from the wizard). */
export const useTutorialsPopup = create<TutorialsPopupState>((set) => ({
  opened: false,
  open: () => set({ opened: true }),
  close: () => set({ opened: false }),
}));
