import { z } from 'zod';

/** `POST /api/members/remove-bg`: a picture by http(s) address or one of ours (`/media/…`). */
export const RemoveBgBodySchema = z.object({
  url: z.union([
    z
      .string()
      .trim()
      .max(2000)
      .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'Give an http(s) or /media/ address.'),
    z.string().regex(/^\/media\/[a-z]+\/[A-Za-z0-9._-]+$/, 'Give an http(s) or /media/ address.'),
  ]),
});
