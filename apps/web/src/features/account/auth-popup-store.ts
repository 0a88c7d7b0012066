import { create } from 'zustand';

type AuthPopupState = {
  opened: boolean;
  /** Optional title above the form (spec 000 §2: "A modal showing the form with an optional title"). */
  title: string | null;
  /** Static mode forbids dismissal by clicking the backdrop. */
  isStatic: boolean;
  open(options?: { title?: string; isStatic?: boolean }): void;
  close(): void;
};

/** Opens and closes the authentication popup from anywhere (menu, publish, 'Login to continue'). */
export const useAuthPopup = create<AuthPopupState>((set) => ({
  opened: false,
  title: null,
  isStatic: false,
  open: (options = {}) => set({ opened: true, title: options.title ?? null, isStatic: options.isStatic ?? false }),
  close: () => set({ opened: false, title: null, isStatic: false }),
}));
