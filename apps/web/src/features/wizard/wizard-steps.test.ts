import { describe, expect, it } from 'vitest';
import { WIZARD_STEPS, wizardStepIndex } from './wizard-steps';

describe('wizard steps', () => {
  it('lists the five steps in the spec order', () => {
    expect(WIZARD_STEPS.map((s) => s.slug)).toEqual(['keyword', 'content', 'slides', 'customize', 'publish']);
  });

  it('finds a step or answers -1', () => {
    expect(wizardStepIndex('slides')).toBe(2);
    expect(wizardStepIndex('nope')).toBe(-1);
    expect(wizardStepIndex(undefined)).toBe(-1);
  });
});
