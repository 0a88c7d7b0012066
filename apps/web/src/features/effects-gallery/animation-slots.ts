import { useEffect } from 'react';
import { create } from 'zustand';

/** At most this many gallery demos animate at once (each draws every animation frame). */
export const MAX_ANIMATING = 12;

/** Who may animate (`holders`, in grant order) and who waits for a turn (`waiting`, first come first served). */
export type SlotState = { holders: readonly string[]; waiting: readonly string[] };

/** `id` asks to animate: it gets a slot if one is free, otherwise it waits in line. */
export function requestSlot(state: SlotState, id: string, max = MAX_ANIMATING): SlotState {
  if (state.holders.includes(id) || state.waiting.includes(id)) return state;
  return state.holders.length < max
    ? { ...state, holders: [...state.holders, id] }
    : { ...state, waiting: [...state.waiting, id] };
}

/** `id` no longer animates (it left the screen): its slot goes to the first one waiting. */
export function releaseSlot(state: SlotState, id: string, max = MAX_ANIMATING): SlotState {
  const holders = state.holders.filter((holder) => holder !== id);
  const waiting = state.waiting.filter((waiter) => waiter !== id);
  const free = Math.max(0, max - holders.length);
  return { holders: [...holders, ...waiting.slice(0, free)], waiting: waiting.slice(free) };
}

const useSlots = create<SlotState>(() => ({ holders: [], waiting: [] }));

/**
 * Whether the demo `id` may animate now: it asks for a slot while `wanted` (on screen) and gives
 * it back when it is not, so no more than {@link MAX_ANIMATING} demos run at a time.
 */
export function useAnimationSlot(id: string, wanted: boolean): boolean {
  useEffect(() => {
    if (!wanted) return;
    useSlots.setState((state) => requestSlot(state, id));
    return () => useSlots.setState((state) => releaseSlot(state, id));
  }, [id, wanted]);
  return useSlots((state) => state.holders.includes(id));
}
