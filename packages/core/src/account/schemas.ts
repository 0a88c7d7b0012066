import { z } from 'zod';
import { ONE_TIME_CODE_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits';

/** Member plans (spec 000 §1): free is the default; paid and business are paid tiers. */
export const PlanSchema = z.enum(['free', 'paid', 'business']);
export type Plan = z.infer<typeof PlanSchema>;

/**
 * What the user may do and the limits they work within: every plan rule, written once in
 * `abilitiesFor` (`./abilities`, D63). The server answers them in the user object and enforces
 * them; the UI reads them and never looks at the plan. A limit of null means none.
 */
export const AbilitiesSchema = z.object({
  /** The video optimizer (spec 000 §4): paid plans. */
  optimizer: z.boolean(),
  /** An API key for automation and the blogging plugin (spec 000 §1): business. */
  apiKey: z.boolean(),
  /** Videos get the product's watermark, not the member's own (spec 000 §1, 001 §2): free. */
  watermarkForced: z.boolean(),
  /** Premium (`paid_tts`) voices (spec 001 §4): paid plans. */
  paidVoices: z.boolean(),
  /** Voice-over transcription (spec 001 §6: "isn't available in free version"). */
  transcription: z.boolean(),
  /** Longest published video, in seconds (spec 000 §1: 60 on free). */
  maxVideoSeconds: z.number().positive().nullable(),
  /** Seconds of generated speech per project (spec 001 §6: 35 on free). */
  maxSpeechSeconds: z.number().positive().nullable(),
  /** Slides the slides step creates at most (spec 001 §6: 10 on free). */
  maxCreatedSlides: z.number().int().positive().nullable(),
  /** The slides step warns above this many slides (spec 001 §6: 5 on free). */
  warnAboveSlides: z.number().int().nonnegative().nullable(),
  /** Slides the customize step and the video hold at most (spec 001 §2, §6: 15 on free). */
  maxVideoSlides: z.number().int().positive().nullable(),
  /** The menu bar offers the Upgrade button (spec 000 §2: free members; paid members see none). */
  upgradeButton: z.boolean(),
  /** A higher plan exists, so the quota error suggests upgrading for more renders: all but business. */
  higherPlan: z.boolean(),
});
export type Abilities = z.infer<typeof AbilitiesSchema>;

/**
 * The user object every access action answers with (spec 000 §3, §7). `id` above 0 means
 * logged in; a visitor gets id 0.
 */
export const UserSchema = z.object({
  id: z.number().int().nonnegative(),
  name: z.string(),
  email: z.string(),
  verified: z.boolean(),
  plan: PlanSchema,
  /** Always true: marks the answer as a user object rather than an error. */
  is_user: z.literal(true),
  /** False for accounts made by e-mail code or identity provider that never set a password. */
  has_password: z.boolean(),
  tz_offset: z.number().int(),
  abilities: AbilitiesSchema,
});
export type User = z.infer<typeof UserSchema>;

/** The error answer of every endpoint: a message a person can act on and a stable code. */
export const ApiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  /** The input field the message is about, when there is one. */
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
 * The client sends its whole user object, so an optional field may arrive as '' or null: both
 * mean "not given".
 */
const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** Trimmed and lower-cased before the format check, so a pasted address with spaces is accepted. */
export const EmailSchema = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Please enter a valid email address.' }).max(254));
const email = EmailSchema;
const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` });
const code = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${ONE_TIME_CODE_LENGTH}}$`), {
    error: `The code has ${ONE_TIME_CODE_LENGTH} digits. Please check the email we sent.`,
  });
/** Browser timezone offset in minutes (Date#getTimezoneOffset), sent with every access call. */
const tzOffset = blankAsMissing(z.coerce.number().int().min(-840).max(840));

export const LoginInputSchema = z.object({
  email,
  password: z.string().min(1, { error: 'Please enter your password.' }).max(PASSWORD_MAX_LENGTH),
  tz_offset: tzOffset,
});
export const SignupInputSchema = z.object({
  email,
  /** Optional: the sign-up form asks only for the e-mail; a password can be set later. */
  password: blankAsMissing(password),
  name: blankAsMissing(z.string().trim().max(100)),
  tz_offset: tzOffset,
});
export const UpdateProfileInputSchema = z.object({
  name: z.string().trim().min(1, { error: 'Please enter your name.' }).max(100),
  email,
  tz_offset: tzOffset,
});
export const ChangePasswordInputSchema = z.object({
  /** Required when the account already has a password. */
  old_password: blankAsMissing(z.string().max(PASSWORD_MAX_LENGTH)),
  new_password: password,
  tz_offset: tzOffset,
});
export const GoogleAuthInputSchema = z.object({
  /** The identity provider's ID token (the `credential` of its response). */
  credential: z.string().min(10, { error: 'The sign-in response has no credential.' }).max(8192),
  tz_offset: tzOffset,
});
export const ForgotSendInputSchema = z.object({ email, tz_offset: tzOffset });
export const ForgotCheckInputSchema = z.object({ email, code, new_password: password, tz_offset: tzOffset });
export const VerifySendInputSchema = z.object({
  /** A different address switches the account to it (the Verify screen's 'Change email?'). */
  email: blankAsMissing(email),
  type: z.literal('verify').optional(),
  tz_offset: tzOffset,
});
export const VerifyCheckInputSchema = z.object({ code, tz_offset: tzOffset });
export const InfoInputSchema = z.object({ tz_offset: tzOffset });

export type LoginInput = z.infer<typeof LoginInputSchema>;
export type SignupInput = z.infer<typeof SignupInputSchema>;
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;
export type GoogleAuthInput = z.infer<typeof GoogleAuthInputSchema>;
export type ForgotSendInput = z.infer<typeof ForgotSendInputSchema>;
export type ForgotCheckInput = z.infer<typeof ForgotCheckInputSchema>;
export type VerifySendInput = z.infer<typeof VerifySendInputSchema>;
export type VerifyCheckInput = z.infer<typeof VerifyCheckInputSchema>;

/** The access actions of spec 000 §7, as they appear in `POST /api/members/access/{action}`. */
export const ACCESS_ACTIONS = [
  'info',
  'login',
  'signup',
  'update',
  'reset-pw',
  'google-auth',
  'forgot/send',
  'forgot/check',
  'verify/send',
  'verify/check',
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/** Public settings of the running app that the browser needs before anyone logs in. */
export const AppConfigSchema = z.object({
  /** Identity-provider client id; sign-in with it is offered only when set. */
  googleClientId: z.string().nullable(),
  /** Build/operator flag hiding the signup tab. */
  signupHidden: z.boolean(),
  /** Shows the debug button. */
  debug: z.boolean(),
  /** Where members write for help (quota errors, the publish notice). */
  supportEmail: z.string(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;

/** `GET /api/members/zapier/info`: the key in full only when just made; afterwards a hint. */
export const ApiKeyInfoSchema = z.object({
  apiKey: z.string().nullable(),
  hint: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type ApiKeyInfo = z.infer<typeof ApiKeyInfoSchema>;
