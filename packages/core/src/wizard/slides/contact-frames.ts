import type { z } from 'zod';
import type { FrameSchema } from '../../video/movie';
import { CONTACT_SECONDS_PER_ITEM, SOCIAL_KEYS, type SocialKey } from './constants';
import { safeColor, slideBackground } from './frame-parts';
import { type Slide, SlideSchema, type Social } from './schema';

/** A contact frame before its id is given (ids count frames in video order). */
export type ContactFrameInput = Omit<z.input<typeof FrameSchema>, 'id'> & { social: SocialKey };

/** The label shown above a contact item's value; the intro and outro show their text alone. */
const LABELS: Record<SocialKey, string | undefined> = {
  intro: undefined,
  website: 'Website',
  facebook: 'Facebook',
  twitter: 'Twitter',
  instagram: 'Instagram',
  email: 'Email',
  phone: 'Phone',
  outro: undefined,
};

/** One contact item's frame: its label and value centred, in the design of the first slide, 5 s. */
function contactFrame(key: SocialKey, value: string, design: Slide): ContactFrameInput {
  const label = LABELS[key];
  const paragraphs = [
    ...(label ? [{ runs: [{ text: label, bold: true, mark: true }] }] : []),
    { runs: [{ text: value }] },
  ];
  return {
    social: key,
    duration: CONTACT_SECONDS_PER_ITEM,
    background: slideBackground(design.style),
    items: [
      {
        id: `social-${key}-text`,
        type: 'text',
        timing: { start: 0, stop: CONTACT_SECONDS_PER_ITEM },
        box: { left: 0.1, top: 0.25, width: 0.8, height: 0.5 },
        paragraphs,
        font: { family: design.style.fontFamily || 'Inter', size: 48 / 576, lineHeight: 1.25 },
        color: safeColor(design.style.color, '#ffffff'),
        markColor: safeColor(design.style.boldColor, '#ffd43b'),
        fx: { show: { name: 'fade-up', duration: 0.5 }, hide: { name: 'fade', duration: 0.5 } },
      },
    ],
  };
}

/**
 * The contact frames of the customize step (spec 001 §2, §9): one per item that is enabled and
 * has a value, 5 s each; the intro goes before the slides, the other items and the outro after,
 * in the order intro, website, facebook, twitter, instagram, email, phone, outro. Each frame
 * carries its item's tag in `social`.
 */
export function contactFrames(social: Social, design: Slide = SlideSchema.parse({ id: 'contact' })) {
  const before: ContactFrameInput[] = [];
  const after: ContactFrameInput[] = [];
  for (const key of SOCIAL_KEYS) {
    const entry = social[key];
    const value = entry?.value.trim() ?? '';
    if (!entry?.enabled || value === '') continue;
    (key === 'intro' ? before : after).push(contactFrame(key, value, design));
  }
  return { before, after };
}
