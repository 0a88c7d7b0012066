import { z } from 'zod';

/** The tutorial playlist's groups, in the order the popup shows them (spec 002 §2 video playlist). */
export const TUTORIAL_GROUP_NAMES = ['Intro', 'Business', 'Advanced', 'Other'] as const;
export const TutorialGroupSchema = z.enum(TUTORIAL_GROUP_NAMES);
export type TutorialGroup = z.infer<typeof TutorialGroupSchema>;

/**
 * A training video (spec 000 §3, 002 §2), managed by the operator (`npm run admin --
 * add-tutorial`): its title, where it plays (an MP4 of this site or an http(s) address), its
 * group, and the optional names 'first' (shown to first-time visitors) and 'intro' (opens the
 * Intro group).
 */
export const TutorialSchema = z.object({
  id: z.number().int().positive(),
  title: z.string().min(1).max(200),
  url: z.string().min(1).max(2000),
  group: TutorialGroupSchema,
  name: z.enum(['first', 'intro']).nullable(),
  thumbnail_url: z.string().max(2000).nullable(),
});
export type Tutorial = z.infer<typeof TutorialSchema>;

/** Where a tutorial may play or its thumbnail come from: this site's paths, or http(s) addresses. */
export function isTutorialUrl(url: string): boolean {
  return /^\/(?!\/)\S*$/.test(url) || /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i.test(url);
}
