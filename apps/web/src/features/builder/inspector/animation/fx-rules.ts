import { type Container, ContainerSchema, type Fx, type Item, TimedEffectSchema } from '@reelwright/core';
import { effectsByFamily, findEffect, type TextSplit } from '@reelwright/scene';
import type { ItemProps } from '../../../../builder/commands/item-commands';

/**
 * The pickers of the inspector's Animation/FX section (spec 002 §2, §3 item `fx`, §9
 * catalogues): what each one sets on the item, and which kinds of item are offered which.
 */
export type FxSlot = 'show' | 'hide' | 'stay' | 'overlay' | 'split' | 'containerAnimation' | 'containerBackground';

/** One choice of a picker: a catalogue effect's name and label, or a split mode. */
export type FxChoice = { name: string; label: string };

/** Bounds of a show or hide effect's duration, seconds (`TimedEffectSchema.duration`). */
export const DURATION_RANGE = (() => {
  const { minValue, maxValue } = TimedEffectSchema.shape.duration.unwrap();
  return { min: minValue ?? 0.05, max: maxValue ?? 10 };
})();

/** The spec's split modes (spec 002 §9 "Text split modes: words, chars, lines"). */
export const SPLIT_CHOICES: readonly (FxChoice & { name: TextSplit })[] = [
  { name: 'words', label: 'Words' },
  { name: 'chars', label: 'Chars' },
  { name: 'lines', label: 'Lines' },
];

/** Every picker, in the order the section lists them. */
export const FX_SLOTS: readonly { slot: FxSlot; label: string; textOnly: boolean; group: 'item' | 'container' }[] = [
  { slot: 'show', label: 'Show', textOnly: false, group: 'item' },
  { slot: 'hide', label: 'Hide', textOnly: false, group: 'item' },
  { slot: 'stay', label: 'Stay', textOnly: false, group: 'item' },
  { slot: 'split', label: 'Split', textOnly: true, group: 'item' },
  { slot: 'overlay', label: 'Highlighter', textOnly: true, group: 'item' },
  { slot: 'containerAnimation', label: 'Animation', textOnly: true, group: 'container' },
  { slot: 'containerBackground', label: 'Background', textOnly: true, group: 'container' },
];

/**
 * The pickers offered for an item: show, hide and stay for every visual item; the highlighter,
 * the split and the container's effects for text only (the renderer draws them on text alone);
 * none for audio, which is never drawn.
 */
export function slotsFor(item: Pick<Item, 'type'>): FxSlot[] {
  if (item.type === 'audio') return [];
  return FX_SLOTS.filter(({ textOnly }) => !textOnly || item.type === 'text').map(({ slot }) => slot);
}

/** The choices of a picker, in the catalogue's order. */
export function choicesFor(slot: FxSlot): readonly FxChoice[] {
  switch (slot) {
    case 'show':
    case 'hide':
    case 'stay':
      return effectsByFamily(slot);
    case 'overlay':
      return effectsByFamily('highlighter');
    case 'split':
      return SPLIT_CHOICES;
    case 'containerAnimation':
      return [...effectsByFamily('container'), { name: 'random', label: 'Random' }];
    case 'containerBackground':
      return effectsByFamily('container-background');
  }
}

/** The name chosen in a picker now, or null for none. */
export function chosenName(item: Item, slot: FxSlot): string | null {
  const container = item.type === 'text' ? item.container : undefined;
  switch (slot) {
    case 'show':
    case 'hide':
    case 'stay':
    case 'overlay':
      return item.fx[slot]?.name ?? null;
    case 'split':
      return item.fx.split ?? null;
    case 'containerAnimation':
      return container?.animation ?? null;
    case 'containerBackground':
      return container?.backgroundFx ?? null;
  }
}

/** A picker's choice as the reader sees it ('None' for none, the name when the catalogue has no such effect). */
export function choiceLabel(slot: FxSlot, name: string | null): string {
  if (!name) return 'None';
  return choicesFor(slot).find((choice) => choice.name === name)?.label ?? name;
}

const withoutKey = <T extends object, K extends keyof T>(object: T, key: K): Omit<T, K> => {
  const { [key]: _dropped, ...rest } = object;
  return rest;
};

/** A show or hide effect's seconds: the current duration stays, a first choice takes the catalogue's. */
function timedEffect(slot: 'show' | 'hide', name: string, current: Fx['show']): NonNullable<Fx['show']> {
  const fallback = findEffect(slot, name)?.defaultDuration ?? 0.5;
  const duration = current?.duration ?? fallback;
  return { name, duration: Math.min(DURATION_RANGE.max, Math.max(DURATION_RANGE.min, duration)) };
}

function fxWith(fx: Fx, slot: 'show' | 'hide' | 'stay' | 'overlay' | 'split', name: string | null): Fx {
  if (name === null) return withoutKey(fx, slot);
  switch (slot) {
    case 'show':
    case 'hide':
      return { ...fx, [slot]: timedEffect(slot, name, fx[slot]) };
    case 'stay':
      return { ...fx, stay: { name } };
    case 'overlay':
      return { ...fx, overlay: fx.overlay?.color ? { name, color: fx.overlay.color } : { name } };
    case 'split':
      return { ...fx, split: name as TextSplit };
  }
}

/** A container with `field` set; a text without a box gets the model's default box (black at 40 %). */
function containerWith(
  container: Container | undefined,
  field: 'animation' | 'backgroundFx',
  name: string | null,
): Container | undefined {
  if (!container && name === null) return undefined;
  const base = container ?? ContainerSchema.parse({});
  if (name === null) return withoutKey(base, field);
  return { ...base, [field]: name } as Container;
}

/**
 * What `setItemProps` sets for a choice (null = none): the whole new `fx`, or for the container's
 * effects the whole new `container`; the item's other fields stay. Null when the choice does not
 * apply to this kind of item.
 */
export function propsForChoice(item: Item, slot: FxSlot, name: string | null): ItemProps | null {
  if (!slotsFor(item).includes(slot)) return null;
  if (slot === 'containerAnimation' || slot === 'containerBackground') {
    if (item.type !== 'text') return null;
    const field = slot === 'containerAnimation' ? 'animation' : 'backgroundFx';
    return { container: containerWith(item.container, field, name) };
  }
  return { fx: fxWith(item.fx, slot, name) };
}

/** The new `fx` for a show or hide effect's duration, kept within 0.05–10 s. */
export function propsForDuration(item: Item, slot: 'show' | 'hide', seconds: number): ItemProps | null {
  const effect = item.fx[slot];
  if (!effect) return null;
  const duration = Math.min(DURATION_RANGE.max, Math.max(DURATION_RANGE.min, seconds));
  return { fx: { ...item.fx, [slot]: { ...effect, duration } } };
}
