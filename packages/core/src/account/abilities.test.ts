import { describe, expect, it } from 'vitest';
import { FREE_SPEECH_SECONDS, FREE_VIDEO_MAX_SECONDS } from '../limits';
import { FREE_MAX_CREATED_SLIDES, FREE_MAX_VIDEO_SLIDES, FREE_WARN_ABOVE_SLIDES } from '../wizard/slides/constants';
import { abilitiesFor, VISITOR_ABILITIES } from './abilities';
import { AbilitiesSchema, PlanSchema } from './schemas';

describe('abilitiesFor (spec 000 §1, §6; 001 §6)', () => {
  it('gives the free plan its limits, the watermark and no paid features', () => {
    expect(abilitiesFor('free')).toEqual({
      optimizer: false,
      apiKey: false,
      watermarkForced: true,
      paidVoices: false,
      transcription: false,
      maxVideoSeconds: FREE_VIDEO_MAX_SECONDS,
      maxSpeechSeconds: FREE_SPEECH_SECONDS,
      maxCreatedSlides: FREE_MAX_CREATED_SLIDES,
      warnAboveSlides: FREE_WARN_ABOVE_SLIDES,
      maxVideoSlides: FREE_MAX_VIDEO_SLIDES,
      upgradeButton: true,
      higherPlan: true,
    });
  });

  it('gives paid plans none of those limits, and business the API key', () => {
    const paid = abilitiesFor('paid');
    expect(paid).toMatchObject({ optimizer: true, paidVoices: true, transcription: true, watermarkForced: false });
    for (const limit of [
      'maxVideoSeconds',
      'maxSpeechSeconds',
      'maxCreatedSlides',
      'warnAboveSlides',
      'maxVideoSlides',
    ])
      expect(paid[limit as keyof typeof paid]).toBeNull();
    expect(paid).toMatchObject({ apiKey: false, upgradeButton: false, higherPlan: true });
    expect(abilitiesFor('business')).toEqual({ ...paid, apiKey: true, higherPlan: false });
  });

  it('treats visitors as the free plan, and answers schema-valid copies', () => {
    expect(VISITOR_ABILITIES).toEqual(abilitiesFor('free'));
    for (const plan of PlanSchema.options)
      expect(AbilitiesSchema.parse(abilitiesFor(plan))).toEqual(abilitiesFor(plan));
    const mine = abilitiesFor('paid');
    mine.apiKey = true;
    expect(abilitiesFor('paid').apiKey).toBe(false);
  });
});
