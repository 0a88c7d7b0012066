import { FREE_VIDEO_MAX_SECONDS, type Plan } from '@reelwright/core';

export type PlanFeature = { text: string; included: boolean };
export type PlanCard = { plan: Plan; title: string; tagline: string; features: PlanFeature[] };

/** The plans of spec 000 §1 and what each includes. Prices are not part of the spec. */
export const PLAN_CARDS: PlanCard[] = [
  {
    plan: 'free',
    title: 'Free',
    tagline: 'Everything you need to try it out',
    features: [
      { text: 'Guided wizard and full editor', included: true },
      { text: 'Automatic saving, undo and redo', included: true },
      { text: 'Watermark on every video', included: false },
      { text: `Videos up to ${FREE_VIDEO_MAX_SECONDS} seconds`, included: false },
      { text: 'No video optimizer', included: false },
    ],
  },
  {
    plan: 'paid',
    title: 'Paid',
    tagline: 'For creators who publish every week',
    features: [
      { text: 'Everything in Free', included: true },
      { text: 'No watermark', included: true },
      { text: 'Videos of any length', included: true },
      { text: 'SEO video optimizer', included: true },
    ],
  },
  {
    plan: 'business',
    title: 'Business',
    tagline: 'For teams that automate publishing',
    features: [
      { text: 'Everything in Paid', included: true },
      { text: 'API key for Zapier', included: true },
      { text: 'WordPress plugin', included: true },
    ],
  },
];
