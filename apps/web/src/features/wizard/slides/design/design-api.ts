import type { SlideSettings, SlideStyle } from '@reelwright/core';
import { useQuery } from '@tanstack/react-query';
import { call, upload } from '../../../../lib/api';
import { speechApi } from '../../../speech/speech-api';
import { type MediaType, OFFLINE_ENGINES } from './engines';
import { mergePresets } from './preset-rules';

/** A media search result (docs/api.md "Media search"). */
export type MediaResult = {
  url: string;
  thumbnail?: string | null;
  name?: string;
  width?: number | null;
  height?: number | null;
  duration?: number | null;
};

export type { UploadedMedia } from '@reelwright/core';

/** The number of results a media search asks for (spec 001 §9). */
export const MEDIA_SEARCH_NUM = 50;

/** The design panel's server calls (spec 001 §7, docs/api.md). */
export const designApi = {
  search: (input: { source: string; keyword: string; type: MediaType }, signal?: AbortSignal) =>
    call('mediaSearch', { ...input, num: MEDIA_SEARCH_NUM }, { signal }),
  engines: () => call('mediaEngines'),
  importUrl: (url: string) => call('importUrl', { url }),
  presets: () => call('presetList'),
  savePreset: (input: { name: string; style: SlideStyle; settings: SlideSettings }) => call('presetSave', input),
};

/**
 * Uploads one file (`POST /api/members/uploads`, multipart field `file`); `onProgress` hears the
 * bytes sent.
 */
export function uploadMedia(file: File, onProgress?: (sent: number, total: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return upload('upload', form, { onProgress });
}

/**
 * The engines the server offers; until `media-engines` exists (or for a visitor) the offline
 * engines stand in, so the tabs never disappear.
 */
export function useMediaEngines() {
  return useQuery({
    queryKey: ['wizard', 'media-engines'],
    queryFn: async () => {
      try {
        const { engines } = await designApi.engines();
        return engines?.length ? engines : [...OFFLINE_ENGINES];
      } catch {
        return [...OFFLINE_ENGINES];
      }
    },
    staleTime: 10 * 60_000,
  });
}

export const PRESETS_QUERY_KEY = ['wizard', 'presets'] as const;

/** Built-in presets plus the member's saved ones; the built-ins alone when the list fails. */
export function usePresets() {
  return useQuery({
    queryKey: PRESETS_QUERY_KEY,
    queryFn: async () => {
      try {
        return mergePresets((await designApi.presets()).presets);
      } catch {
        return mergePresets(undefined);
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** Every narration voice (loaded once per session). */
export function useVoices() {
  return useQuery({ queryKey: ['tts-voices'], queryFn: speechApi.voices, staleTime: Number.POSITIVE_INFINITY });
}
