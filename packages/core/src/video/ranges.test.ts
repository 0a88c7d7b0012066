import { describe, expect, it } from 'vitest';
import { BackgroundSchema, GradientSchema } from './background';
import { createTextItem } from './factories';
import { AudioItemSchema, TextItemSchema, VideoItemSchema } from './item';
import { MovieSchema, WatermarkSchema } from './movie';
import { clampTo, RANGES, type RangeName } from './ranges';
import { BorderSchema, FiltersSchema, OutlineSchema, ShadowSchema } from './style';
import { ContainerSchema } from './text';

/** Every range of spec 002 §5 and §9 (and 001 §5 for the container alpha and minimum slide duration). */
const SPEC_RANGES: Record<RangeName, [number, number]> = {
  volume: [0, 1],
  videoSpeed: [0.5, 2.5],
  watermarkOpacity: [0, 1],
  padding: [0, 200],
  shadowThickness: [0, 20],
  shadowDistance: [0, 20],
  borderThickness: [0, 10],
  borderRadius: [0, 10],
  outlineThickness: [0, 3],
  filter: [0, 100],
  percent: [0, 100],
  gradientAngle: [0, 360],
  backdropValue: [1, 100],
  containerAlpha: [0, 1],
  movieSide: [100, 2000],
  minSlideDuration: [0, 300],
};
const names = Object.keys(SPEC_RANGES) as RangeName[];

describe('RANGES holds every range of the spec', () => {
  it('has exactly the ranges of the spec', () => {
    expect(Object.keys(RANGES).sort()).toEqual([...names].sort());
  });

  it.each(names)('%s spans the spec range', (name) => {
    const [min, max] = SPEC_RANGES[name];
    expect(RANGES[name]).toEqual({ min, max });
  });
});

describe('clampTo keeps a value inside a named range', () => {
  it.each(names)('%s: keeps values inside, both ends included', (name) => {
    const { min, max } = RANGES[name];
    expect(clampTo(name, min)).toBe(min);
    expect(clampTo(name, max)).toBe(max);
    expect(clampTo(name, (min + max) / 2)).toBe((min + max) / 2);
  });

  it.each(names)('%s: moves values below the minimum up and above the maximum down', (name) => {
    const { min, max } = RANGES[name];
    expect(clampTo(name, min - 0.01)).toBe(min);
    expect(clampTo(name, max + 0.01)).toBe(max);
    expect(clampTo(name, Number.NEGATIVE_INFINITY)).toBe(min);
    expect(clampTo(name, Number.POSITIVE_INFINITY)).toBe(max);
  });

  it.each(names)('%s: NaN becomes the minimum', (name) => {
    expect(clampTo(name, Number.NaN)).toBe(RANGES[name].min);
  });
});

/** A schema field that enforces a range, with a function that builds the input from one value. */
type Enforced = { field: string; range: RangeName; accepts: (value: number) => boolean };
const ok = (schema: { safeParse: (input: unknown) => { success: boolean } }, input: unknown) =>
  schema.safeParse(input).success;
const video = (fields: Record<string, number>) =>
  ok(VideoItemSchema, {
    id: 'v',
    type: 'video',
    url: 'clip.mp4',
    timing: { start: 0, stop: 3 },
    box: { left: 0, top: 0, width: 1, height: 1 },
    ...fields,
  });
const audio = (volume: number) =>
  ok(AudioItemSchema, {
    id: 'a',
    type: 'audio',
    url: 'a.mp3',
    volume,
    timing: { start: 0, stop: 3 },
    box: { left: 0, top: 0, width: 1, height: 1 },
  });
const text = (fields: Record<string, number>) => ok(TextItemSchema, { ...createTextItem('t', 'Hi'), ...fields });
const border = (fields: Record<string, number>) =>
  ok(BorderSchema, {
    sides: { top: true, right: true, bottom: true, left: true },
    thickness: 1,
    radius: 0,
    color: '#000000',
    style: 'solid',
    ...fields,
  });
const shadow = (fields: Record<string, number>) =>
  ok(ShadowSchema, { enabled: true, thickness: 1, distance: 1, color: '#000000', ...fields });

const ENFORCED: Enforced[] = [
  { field: 'video item volume', range: 'volume', accepts: (v) => video({ volume: v }) },
  { field: 'audio item volume', range: 'volume', accepts: audio },
  { field: 'music volume', range: 'volume', accepts: (v) => ok(MovieSchema, { audio: { musicVolume: v } }) },
  { field: 'voice volume', range: 'volume', accepts: (v) => ok(MovieSchema, { audio: { voiceVolume: v } }) },
  { field: 'video speed', range: 'videoSpeed', accepts: (v) => video({ speed: v }) },
  {
    field: 'watermark opacity',
    range: 'watermarkOpacity',
    accepts: (v) => ok(WatermarkSchema, { type: 'none', opacity: v }),
  },
  { field: 'text padding', range: 'padding', accepts: (v) => text({ padding: v }) },
  { field: 'shadow thickness', range: 'shadowThickness', accepts: (v) => shadow({ thickness: v }) },
  { field: 'shadow distance', range: 'shadowDistance', accepts: (v) => shadow({ distance: v }) },
  { field: 'border thickness', range: 'borderThickness', accepts: (v) => border({ thickness: v }) },
  { field: 'border radius', range: 'borderRadius', accepts: (v) => border({ radius: v }) },
  {
    field: 'outline thickness',
    range: 'outlineThickness',
    accepts: (v) => ok(OutlineSchema, { enabled: true, color: '#000000', thickness: v }),
  },
  { field: 'filter slider (blur)', range: 'filter', accepts: (v) => ok(FiltersSchema.partial(), { blur: v }) },
  { field: 'filter slider (sepia)', range: 'filter', accepts: (v) => ok(FiltersSchema.partial(), { sepia: v }) },
  {
    field: 'gradient angle',
    range: 'gradientAngle',
    accepts: (v) =>
      ok(GradientSchema, {
        kind: 'linear',
        angle: v,
        stops: [
          { color: '#000', at: 0 },
          { color: '#fff', at: 1 },
        ],
      }),
  },
  {
    field: 'backdrop value',
    range: 'backdropValue',
    accepts: (v) => ok(BackgroundSchema, { type: 'none', filters: { backdropValue: v } }),
  },
  { field: 'container alpha', range: 'containerAlpha', accepts: (v) => ok(ContainerSchema, { backgroundAlpha: v }) },
  {
    field: 'custom movie width',
    range: 'movieSide',
    accepts: (v) => ok(MovieSchema, { size: { width: v, height: 576 } }),
  },
  {
    field: 'custom movie height',
    range: 'movieSide',
    accepts: (v) => ok(MovieSchema, { size: { width: 1024, height: v } }),
  },
];

describe('the schemas enforce the ranges', () => {
  it.each(ENFORCED)('$field accepts both ends of $range', ({ range, accepts }) => {
    expect(accepts(RANGES[range].min)).toBe(true);
    expect(accepts(RANGES[range].max)).toBe(true);
  });

  it.each(ENFORCED)('$field refuses values outside $range', ({ range, accepts }) => {
    const { min, max } = RANGES[range];
    const step = range === 'movieSide' ? 1 : 0.01;
    expect(accepts(min - step)).toBe(false);
    expect(accepts(max + step)).toBe(false);
  });
});
