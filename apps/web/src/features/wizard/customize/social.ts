import { SOCIAL_KEYS, type Social, type SocialKey, SocialSchema } from '@reelwright/core';
import { looksLikeEmail } from '../../account/validation';

/** What a contact item's value must be. */
type SocialKind = 'text' | 'url' | 'email' | 'phone';

/** How each contact and social item is asked for (spec 001 §2); the labels match the slides' labels. */
export const SOCIAL_FIELDS: Record<SocialKey, { label: string; placeholder: string; kind: SocialKind }> = {
  intro: { label: 'Intro', placeholder: 'Welcome to Sunny Bakery', kind: 'text' },
  website: { label: 'Website', placeholder: 'https://www.example.com', kind: 'url' },
  facebook: { label: 'Facebook', placeholder: 'https://facebook.com/yourpage', kind: 'url' },
  twitter: { label: 'Twitter', placeholder: 'https://twitter.com/yourname', kind: 'url' },
  instagram: { label: 'Instagram', placeholder: 'https://instagram.com/yourname', kind: 'url' },
  email: { label: 'Email', placeholder: 'hello@example.com', kind: 'email' },
  phone: { label: 'Phone', placeholder: '+1 555 123 4567', kind: 'phone' },
  outro: { label: 'Outro', placeholder: 'Thanks for watching!', kind: 'text' },
};

/** The intro and outro are shown on one slide in large type: keep them short (our limit, not the spec's). */
export const SOCIAL_TEXT_MAX = 120;

/** A web address, with or without http(s)://: a host with a dot, no spaces. */
function isWebAddress(value: string): boolean {
  if (/\s/.test(value)) return false;
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /^[^.]+(\.[^.]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}

/** A phone number: digits with spaces, dashes, dots, brackets and a leading +; 6 to 15 digits. */
function isPhone(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 15;
}

/** Why an enabled item's value cannot be used, or null. */
export function socialProblem(key: SocialKey, rawValue: string): string | null {
  const { label, kind } = SOCIAL_FIELDS[key];
  const value = rawValue.trim();
  if (value === '') return `Enter the ${label.toLowerCase()} or turn it off.`;
  switch (kind) {
    case 'text':
      return value.length > SOCIAL_TEXT_MAX
        ? `Keep the ${label.toLowerCase()} under ${SOCIAL_TEXT_MAX} characters.`
        : null;
    case 'url':
      return isWebAddress(value) ? null : `Enter a valid ${label} address, like ${SOCIAL_FIELDS[key].placeholder}.`;
    case 'email':
      return looksLikeEmail(value) ? null : 'Enter a valid email address.';
    case 'phone':
      return isPhone(value) ? null : 'Enter a valid phone number.';
  }
}

/** `wizard.social` as saved; a malformed value counts as empty. */
export function readSocial(raw: unknown): Social {
  const parsed = SocialSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
}

/** The problems of the enabled items, by key (disabled items are never checked). */
export function socialProblems(social: Social): Partial<Record<SocialKey, string>> {
  const problems: Partial<Record<SocialKey, string>> = {};
  for (const key of SOCIAL_KEYS) {
    const entry = social[key];
    if (!entry?.enabled) continue;
    const problem = socialProblem(key, entry.value);
    if (problem) problems[key] = problem;
  }
  return problems;
}

/** How many contact slides the video gets: one per enabled item with a value. */
export function contactSlideCount(social: Social): number {
  return SOCIAL_KEYS.filter((key) => social[key]?.enabled && social[key]?.value.trim()).length;
}

/** The social data with one item changed; the item starts disabled and empty when new. */
export function withSocialEntry(
  social: Social,
  key: SocialKey,
  patch: Partial<{ enabled: boolean; value: string }>,
): Social {
  const entry = social[key] ?? { enabled: false, value: '' };
  return { ...social, [key]: { ...entry, ...patch } };
}
