import { FREE_SPEECH_SECONDS, FREE_VIDEO_MAX_SECONDS } from '../limits';
import { FREE_MAX_CREATED_SLIDES, FREE_MAX_VIDEO_SLIDES, FREE_WARN_ABOVE_SLIDES } from '../wizard/slides/constants';
import type { Abilities, Plan } from './schemas';

/** Paid plans: none of the free plan's limits (spec 000 §1, 001 §6). */
const PAID: Abilities = {
  optimizer: true,
  apiKey: false,
  watermarkForced: false,
  paidVoices: true,
  transcription: true,
  maxVideoSeconds: null,
  maxSpeechSeconds: null,
  maxCreatedSlides: null,
  warnAboveSlides: null,
  maxVideoSlides: null,
  upgradeButton: false,
  higherPlan: true,
};

/**
 * What each plan may do (spec 000 §1, §6; 001 §6): the one table of plan rules (D63). The
 * server serves it through `accounts/policy.ts` and in the user object; the web reads the
 * user's `abilities`. Nothing else compares plans.
 */
const PLAN_ABILITIES: Record<Plan, Readonly<Abilities>> = {
  free: {
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
  },
  paid: PAID,
  business: { ...PAID, apiKey: true, higherPlan: false },
};

/** The abilities of a member on `plan`. */
export function abilitiesFor(plan: Plan): Abilities {
  return { ...PLAN_ABILITIES[plan] };
}

/**
 * A visitor's abilities: the free plan's (spec 000 §6, "sees the free-plan restrictions"). The
 * web uses them too until the server has said who the user is.
 */
export const VISITOR_ABILITIES: Readonly<Abilities> = Object.freeze(abilitiesFor('free'));
