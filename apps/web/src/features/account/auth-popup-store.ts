import { messages } from '@reelwright/core';
import { useCallback, useEffect, useRef } from 'react';
import { create } from 'zustand';

/** The visitor tabs the popup can open on. */
export type AuthTab = 'signup' | 'login';

export type AuthPopupOptions = {
  /** Optional title above the form (spec 000 §2: "A modal showing the form with an optional title"). */
  title?: string;
  /** Static mode forbids dismissal by clicking the backdrop. */
  isStatic?: boolean;
  /** The tab a visitor sees first; signup (unless hidden) when not given. */
  tab?: AuthTab;
  /**
   * What the opener was doing when it asked for an account. It runs once someone is a verified
   * member (a login, or a signup and its verification) and is dropped when the popup is closed.
   */
  resume?: () => void;
};

type AuthPopupState = {
  opened: boolean;
  title: string | null;
  isStatic: boolean;
  tab: AuthTab | null;
  resume: (() => void) | null;
  open(options?: AuthPopupOptions): void;
  close(): void;
  /** Closes the popup because someone became a verified member, and resumes the opener's step. */
  finish(): void;
};

const closed = { opened: false, title: null, isStatic: false, tab: null, resume: null } as const;

/** Opens and closes the authentication popup from anywhere (menu, publish, 'Login to continue'). */
export const useAuthPopup = create<AuthPopupState>((set, get) => ({
  ...closed,
  open: (options = {}) =>
    set({
      opened: true,
      title: options.title ?? null,
      isStatic: options.isStatic ?? false,
      tab: options.tab ?? null,
      resume: options.resume ?? null,
    }),
  close: () => set(closed),
  finish: () => {
    const { resume } = get();
    set(closed);
    // After the other effects of the same user change (the project store learns of the login).
    if (resume) queueMicrotask(resume);
  },
}));

/** 'Login to continue' (spec 000 §4): static, on the Log in tab, for a visitor at a project's address. */
export const openLoginToContinue = () =>
  useAuthPopup.getState().open({ title: messages.loginToContinue, isStatic: true, tab: 'login' });

/**
 * Opens the popup from a component whose step may resume: the `resume` it passes is dropped if
 * the component goes away before anyone is verified, so a step never resumes on another screen.
 */
export function useAuthPopupOpener(): (options: AuthPopupOptions) => void {
  const ownResume = useRef<(() => void) | null>(null);
  useEffect(
    () => () => {
      const { resume } = useAuthPopup.getState();
      if (resume !== null && resume === ownResume.current) useAuthPopup.setState({ resume: null });
    },
    [],
  );
  return useCallback((options) => {
    ownResume.current = options.resume ?? null;
    useAuthPopup.getState().open(options);
  }, []);
}
