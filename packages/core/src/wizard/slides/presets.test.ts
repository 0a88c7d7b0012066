import { describe, expect, it } from 'vitest';
import { DEFAULT_SLIDE_VOICE } from './constants';
import { slideFrameKey } from './frame-key';
import {
  applyPreset,
  BUILT_IN_PRESETS,
  copyDesignToOthers,
  cyclePreset,
  layoutAfterChange,
  presetFromSlide,
} from './presets';
import { PresetSchema, SlideSchema } from './schema';

const voice = { voiceId: 'v-default', lang: 'en-GB', engine: 'paid_tts' };
const presetWith = (layout?: string) =>
  PresetSchema.parse({
    id: `p-${layout}`,
    name: 'P',
    data_json: { style: { color: '#123456' }, settings: { layout } },
  });

describe('built-in presets', () => {
  it("has 'film' first and at least six more, with distinct ids, fonts and valid settings", () => {
    expect(BUILT_IN_PRESETS[0]!.id).toBe('film');
    expect(BUILT_IN_PRESETS.length).toBeGreaterThanOrEqual(7);
    expect(new Set(BUILT_IN_PRESETS.map((p) => p.id)).size).toBe(BUILT_IN_PRESETS.length);
    expect(new Set(BUILT_IN_PRESETS.map((p) => p.data_json.style.fontFamily)).size).toBeGreaterThanOrEqual(7);
    for (const preset of BUILT_IN_PRESETS) {
      const slide = applyPreset(SlideSchema.parse({ id: 's' }), preset);
      expect(slide.style.fontFamily).toBe(preset.data_json.style.fontFamily);
    }
  });
});

describe('cyclePreset (spec 001 §4: arrows with wrap-around)', () => {
  const presets = ['a', 'b', 'c'].map((id) => PresetSchema.parse({ id, name: id }));
  it('goes forwards and backwards, wrapping at both ends', () => {
    expect(cyclePreset('a', presets, 1)!.id).toBe('b');
    expect(cyclePreset('c', presets, 1)!.id).toBe('a');
    expect(cyclePreset('a', presets, -1)!.id).toBe('c');
    expect(cyclePreset('b', presets, -1)!.id).toBe('a');
  });

  it('starts from an end for an unknown id and gives nothing without presets', () => {
    expect(cyclePreset(undefined, presets, 1)!.id).toBe('a');
    expect(cyclePreset('zzz', presets, -1)!.id).toBe('c');
    expect(cyclePreset('a', [], 1)).toBeUndefined();
  });
});

describe('applyPreset (spec 001 §4 "Preset change")', () => {
  const slide = SlideSchema.parse({
    id: 's',
    texts: [{ id: 't', text: 'Hello' }],
    style: { highlightFx: 'glow', color: '#ffffff' },
    settings: { layout: 'text_on_left', voiceId: 'custom', lang: 'fr-FR', engine: 'x', audioSource: 'mic' },
  });

  it('applies the style and settings and resets the voice to the default voice and engine', () => {
    const next = applyPreset(slide, presetWith('container_bottom'), voice);
    expect(next.style.color).toBe('#123456');
    expect(next.style.highlightFx).toBeUndefined();
    expect(next.settings).toMatchObject({
      voiceId: 'v-default',
      lang: 'en-GB',
      engine: 'paid_tts',
      audioSource: 'mic',
    });
    expect(next.texts).toBe(slide.texts);
    expect(next.frameKey).toBe(slideFrameKey(next));
  });

  it('uses the default slide voice when none is given', () => {
    expect(applyPreset(slide, presetWith()).settings).toMatchObject(DEFAULT_SLIDE_VOICE);
    expect(applyPreset(slide, presetWith()).settings.presetId).toBe(presetWith().id);
  });

  it('takes the new layout when old and new are both non-list', () => {
    expect(applyPreset(slide, presetWith('container_bottom'), voice).settings.layout).toBe('container_bottom');
  });

  it('takes the new layout when old and new are both lists', () => {
    const list = { ...slide, settings: { ...slide.settings, layout: 'list_grid' as const } };
    expect(applyPreset(list, presetWith('list_vertical'), voice).settings.layout).toBe('list_vertical');
  });

  it('keeps the layout when the kinds differ', () => {
    const list = { ...slide, settings: { ...slide.settings, layout: 'list_grid' as const } };
    expect(applyPreset(list, presetWith('text_overlay'), voice).settings.layout).toBe('list_grid');
    expect(applyPreset(slide, presetWith('list_horizontal'), voice).settings.layout).toBe('text_on_left');
  });

  it('keeps the layout when the preset has none', () => {
    expect(applyPreset(slide, presetWith(undefined), voice).settings.layout).toBe('text_on_left');
    expect(layoutAfterChange('automatic', undefined)).toBe('automatic');
  });
});

describe('copyDesignToOthers (spec 001 §4)', () => {
  const from = SlideSchema.parse({ id: 'a', style: { fontFamily: 'Anton' }, settings: { layout: 'container_top' } });
  const other = SlideSchema.parse({ id: 'b', texts: [{ id: 't', text: 'x' }] });
  const unique = SlideSchema.parse({ id: 'c', unique: true });
  const list = SlideSchema.parse({ id: 'd', settings: { layout: 'list_grid' } });

  it('copies style and settings to the slides not marked unique', () => {
    const [a, b, c, d] = copyDesignToOthers([from, other, unique, list], 'a');
    expect(a).toBe(from);
    expect(c).toBe(unique);
    expect(b!.style.fontFamily).toBe('Anton');
    expect(b!.settings.layout).toBe('container_top');
    expect(b!.texts).toBe(other.texts);
    expect(b!.style).not.toBe(from.style);
    expect(d!.style.fontFamily).toBe('Anton');
    expect(d!.settings.layout).toBe('list_grid');
  });

  it('changes nothing for an unknown slide', () => {
    expect(copyDesignToOthers([from, other], 'zzz')).toEqual([from, other]);
  });
});

describe('presetFromSlide', () => {
  it('saves the design under a name, and nothing for an empty name (spec 001 §5)', () => {
    const slide = SlideSchema.parse({ id: 's', style: { fontFamily: 'Lato' } });
    expect(presetFromSlide(slide, 'p1', ' Mine ')).toMatchObject({ id: 'p1', name: 'Mine' });
    expect(presetFromSlide(slide, 'p1', ' ')).toBeUndefined();
  });
});
