import { useEffect, useRef } from 'react';
import { create } from 'zustand';

/**
 * What a step tells the chrome before Next advances (spec 001 §4 "Steps"): `validate` and then
 * `hide` run in order; a step stays when either answers false (after showing its own message).
 * Both may be async; Next Step is disabled while they run.
 */
export type StepHooks = {
  validate?: () => boolean | Promise<boolean>;
  hide?: () => boolean | Promise<boolean>;
};

/** `hooks` is null while no step is showing (a step's code is still loading): Next must wait. */
type StepHookState = { hooks: StepHooks | null; set(hooks: StepHooks | null): void };

const useStepHookStore = create<StepHookState>((set) => ({
  hooks: null,
  set: (hooks) => set({ hooks }),
}));

/** Whether the showing step has registered its hooks, so Next can run them. */
export const useStepReady = () => useStepHookStore((state) => state.hooks !== null);

/** Registers the showing step's hooks; the latest closures are used, so they may read fresh state. */
export function useStepHooks(hooks: StepHooks) {
  const latest = useRef(hooks);
  latest.current = hooks;
  useEffect(() => {
    const set = useStepHookStore.getState().set;
    set({
      validate: () => latest.current.validate?.() ?? true,
      hide: () => latest.current.hide?.() ?? true,
    });
    return () => set(null);
  }, []);
}

/** Runs the showing step's hooks: true when Next may advance (never before the step has loaded). */
export async function stepMayAdvance(): Promise<boolean> {
  const { hooks } = useStepHookStore.getState();
  if (!hooks) return false;
  if ((await hooks.validate?.()) === false) return false;
  return (await hooks.hide?.()) !== false;
}

type AdvanceState = { requested: boolean };

/**
 * A step that moves on by itself (the `kw` + `variation` restart) asks the chrome to press Next
 * Step: the chrome runs the usual checks once the step is showing.
 */
export const useAdvanceRequest = create<AdvanceState>(() => ({ requested: false }));
export const requestAdvance = () => useAdvanceRequest.setState({ requested: true });
