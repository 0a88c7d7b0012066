import { MovieSchema, type TextItem } from '@reelwright/core';
import { FONT_CATALOGUE, findEffect } from '@reelwright/scene';
import { describe, expect, it } from 'vitest';
import { slide, TestEditor } from '../../../builder/test/test-editor';
import { EFFECT_LOOP_SECONDS, effectPosterTime, textEffectMovie } from './text-effect-preview';
import { TEXT_EFFECT_GROUPS, TEXT_EFFECTS } from './text-effects';

const families = new Set(FONT_CATALOGUE.map((font) => font.family));

describe('the text effects catalogue', () => {
  it('has at least 24 designs with their own ids, in every group', () => {
    expect(TEXT_EFFECTS.length).toBeGreaterThanOrEqual(24);
    expect(new Set(TEXT_EFFECTS.map((effect) => effect.id)).size).toBe(TEXT_EFFECTS.length);
    for (const group of TEXT_EFFECT_GROUPS) {
      expect(TEXT_EFFECTS.filter((effect) => effect.group === group).length, group).toBeGreaterThanOrEqual(3);
    }
  });

  it('uses only fonts and effects the renderer has', () => {
    for (const { id, look } of TEXT_EFFECTS) {
      expect(families.has(look.font?.family ?? 'Inter'), `${id}: font ${look.font?.family}`).toBe(true);
      const { fx = {}, container } = look;
      if (fx.show) expect(findEffect('show', fx.show.name), `${id}: show ${fx.show.name}`).not.toBeNull();
      if (fx.stay) expect(findEffect('stay', fx.stay.name), `${id}: stay ${fx.stay.name}`).not.toBeNull();
      if (fx.overlay) expect(findEffect('highlighter', fx.overlay.name), `${id}: ${fx.overlay.name}`).not.toBeNull();
      if (container?.backgroundFx) {
        expect(findEffect('container-background', container.backgroundFx), `${id}: box`).not.toBeNull();
      }
    }
  });

  it('keeps every design on the stage', () => {
    for (const { id, look } of TEXT_EFFECTS) {
      const box = look.box!;
      expect(box.left, id).toBeGreaterThanOrEqual(0);
      expect(box.top, id).toBeGreaterThanOrEqual(0);
      expect(box.left + box.width, id).toBeLessThanOrEqual(1);
      expect(box.top + box.height, id).toBeLessThanOrEqual(1);
    }
  });

  it('plays each design in a complete movie, its still taken once the effect has entered', () => {
    for (const effect of TEXT_EFFECTS) {
      const movie = textEffectMovie(effect);
      expect(MovieSchema.parse(movie)).toEqual(movie);
      const poster = effectPosterTime(effect);
      expect(poster, effect.id).toBeGreaterThan(effect.look.fx?.show?.duration ?? 0);
      expect(poster, effect.id).toBeLessThan(EFFECT_LOOP_SECONDS);
    }
  });

  it('adds a design at the playhead in its own box, bold words marked, as one undo step', () => {
    const editor = TestEditor.create([slide('frame-1', [], 10)]);
    editor.setPlayhead(2);
    const effect = TEXT_EFFECTS.find((e) => e.id === 'name-bar')!;
    const item = editor.addItem({ type: 'text', text: effect.text, look: effect.look }) as TextItem;
    expect(item.timing).toEqual({ start: 2, stop: 5 });
    expect(item.box).toEqual(effect.look.box);
    expect(item.font.family).toBe('Poppins');
    expect(item.container?.backgroundColor).toBe('#1c7ed6');
    expect(item.fx.show?.name).toBe('wipe-from-left');
    expect(item.paragraphs[0]!.runs).toEqual([{ text: 'Jane Doe', bold: true, mark: true }]);
    expect(item.paragraphs[1]!.runs).toEqual([{ text: 'Founder & CEO' }]);
    editor.undo();
    expect(editor.data.video.frames[0]!.items).toEqual([]);
  });

  it('dropped, a design keeps its size, centred where it lands and kept on the stage', () => {
    const editor = TestEditor.create([slide('frame-1', [], 10)]);
    const effect = TEXT_EFFECTS.find((e) => e.id === 'impact-title')!;
    const { width, height } = editor.stage;
    const item = editor.addItem(
      { type: 'text', text: effect.text, look: effect.look },
      { x: 0.9 * width, y: 0.5 * height },
    )!;
    expect(item.box.width).toBe(effect.look.box!.width);
    expect(item.box.height).toBe(effect.look.box!.height);
    expect(item.box.left + item.box.width).toBeCloseTo(1, 5);
    expect(item.box.top + item.box.height / 2).toBeCloseTo(0.5, 5);
  });
});
