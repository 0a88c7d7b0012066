import type { Settings } from '@reelwright/core';
import { create } from 'zustand';

type SettingsState = {
  /** The member's settings object (spec 000 §3); visitors keep theirs in memory only. */
  settings: Settings;
  /** True once the member's settings came from the server. */
  loaded: boolean;
  setSetting(key: string, value: unknown): void;
  /** Replaces everything with the server's copy (after login or at start). */
  receive(settings: Settings): void;
};

/** Per-member settings; `useSettingsSync` in the shell sends changes to the server. */
export const useSettings = create<SettingsState>((set) => ({
  settings: {},
  loaded: false,
  setSetting: (key, value) => set((state) => ({ settings: { ...state.settings, [key]: value } })),
  receive: (settings) => set({ settings, loaded: true }),
}));

/** Setting keys the shell and the project lifecycle read. */
export const SETTING_KEYS = {
  /** Saves edits automatically (spec 000 §4); on unless the member switches it off. */
  autoSave: 'autoSave',
} as const;

/** Whether auto-save is on in these settings (the default is on). */
export function isAutoSaveOn(settings: Settings): boolean {
  return settings[SETTING_KEYS.autoSave] !== false;
}
