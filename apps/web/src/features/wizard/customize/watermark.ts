import { type Watermark, WatermarkSchema, wizardWatermark } from '@reelwright/core';

/**
 * A paid member's watermark choice, stored as `wizard.watermark`. Free accounts always get the
 * fixed watermark whatever is stored here (spec 001 §2, §6).
 */
export type WizardWatermark = { enabled: boolean; text: string };

/** Longest watermark text (ours: it sits in a corner of the picture). */
export const WATERMARK_TEXT_MAX = 60;

/** `wizard.watermark` as saved; off when absent or malformed. */
export function readWatermark(raw: unknown): WizardWatermark {
  if (typeof raw !== 'object' || raw === null) return { enabled: false, text: '' };
  const { enabled, text } = raw as Record<string, unknown>;
  return { enabled: enabled === true, text: typeof text === 'string' ? text : '' };
}

/** Why a paid member's watermark cannot be used, or null (an off watermark is always fine). */
export function watermarkProblem(setting: WizardWatermark): string | null {
  if (!setting.enabled) return null;
  const text = setting.text.trim();
  if (text === '') return 'Enter the watermark text or turn the watermark off.';
  return text.length > WATERMARK_TEXT_MAX ? `Keep the watermark under ${WATERMARK_TEXT_MAX} characters.` : null;
}

/**
 * The video's watermark: the fixed one when the member's abilities force it (free accounts); for
 * paid members their text when it is on and usable, otherwise none.
 */
export function watermarkFor(watermarkForced: boolean, setting: WizardWatermark): Watermark {
  if (watermarkForced) return wizardWatermark(true);
  if (!setting.enabled || watermarkProblem(setting)) return wizardWatermark(false);
  return WatermarkSchema.parse({ type: 'text', text: setting.text.trim() });
}
