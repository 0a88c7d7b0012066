import { buildVideo, MovieSchema, PRODUCT_WATERMARK, WatermarkSchema } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { applyWizardCaptions } from '../customize/captions';
import { movieAudioFor } from '../customize/music';
import { mergeWizardSettings, type WizardMovieSettings } from './movie-settings';

const NONE = WatermarkSchema.parse({ type: 'none' });
const calm = { id: '1', url: '/music/calm.mp3', volume: 0.25 };
const upbeat = { id: '2', url: '/music/upbeat.mp3', volume: 0.25 };
const wizardWants = (music: typeof calm | null, captions?: 'boxed' | 'off'): WizardMovieSettings => {
  const wanted: WizardMovieSettings = { audio: movieAudioFor(music), watermark: NONE, captions: undefined };
  applyWizardCaptions(wanted, captions);
  return wanted;
};
const fresh = (): WizardMovieSettings => {
  const { audio, watermark, captions } = MovieSchema.parse({});
  return { audio, watermark, captions };
};

describe('a rebuild from the wizard keeps what the builder set (D92)', () => {
  it("writes the wizard's settings the first time, and records them", () => {
    const first = mergeWizardSettings(fresh(), wizardWants(calm, 'boxed'), undefined);
    expect(first.settings.audio.url).toBe(calm.url);
    expect(first.settings.captions).toEqual({ style: 'boxed' });
    expect(Object.keys(first.applied).sort()).toEqual(['audio', 'captions', 'watermark']);
  });

  it('keeps music and captions the builder changed when the wizard is left as it was', () => {
    const first = mergeWizardSettings(fresh(), wizardWants(calm, 'boxed'), undefined);
    const edited = { ...first.settings, audio: { ...first.settings.audio, url: '/music/mine.mp3', musicVolume: 0.6 } };
    edited.captions = { style: 'plain' };
    const again = mergeWizardSettings(edited, wizardWants(calm, 'boxed'), first.applied);
    expect(again.settings.audio).toMatchObject({ url: '/music/mine.mp3', musicVolume: 0.6 });
    expect(again.settings.captions).toEqual({ style: 'plain' });
    // And again: still the builder's.
    const third = mergeWizardSettings(again.settings, wizardWants(calm, 'boxed'), again.applied);
    expect(third.settings.audio.url).toBe('/music/mine.mp3');
  });

  it("takes the wizard's new choice when it changed since, and follows it where the builder left it", () => {
    const first = mergeWizardSettings(fresh(), wizardWants(calm), undefined);
    const edited = { ...first.settings, audio: { ...first.settings.audio, url: '/music/mine.mp3' } };
    const changed = mergeWizardSettings(edited, wizardWants(upbeat), first.applied);
    expect(changed.settings.audio.url).toBe(upbeat.url);
    const untouched = mergeWizardSettings(first.settings, wizardWants(upbeat), first.applied);
    expect(untouched.settings.audio.url).toBe(upbeat.url);
  });

  it("always writes a forced watermark (free plans), over the builder's", () => {
    const first = mergeWizardSettings(fresh(), wizardWants(null), undefined);
    const edited = { ...first.settings, watermark: NONE };
    const forced = { ...wizardWants(null), watermark: PRODUCT_WATERMARK };
    const again = mergeWizardSettings(
      edited,
      forced,
      { ...first.applied, watermark: JSON.stringify(PRODUCT_WATERMARK) },
      ['watermark'],
    );
    expect(again.settings.watermark).toEqual(PRODUCT_WATERMARK);
  });
});

describe('the video size on a rebuild (D92)', () => {
  it("builds the frames for the video's own size: a vertical video stays vertical", () => {
    const wizard = { slides: [{ id: 's', texts: [{ id: 't', text: 'Lighthouses guide ships home' }] }] };
    const vertical = buildVideo(wizard, { stage: { width: 1080, height: 1920 } });
    expect(vertical.size).toEqual({ width: 1080, height: 1920 });
    const landscape = buildVideo(wizard);
    expect(landscape.size).toEqual({ width: 1024, height: 576 });
  });
});
