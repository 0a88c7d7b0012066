import { messages, ONE_TIME_CODE_LENGTH, PASSWORD_MIN_LENGTH } from '@reelwright/core';

/**
 * Field rules of spec 000 §5 as Mantine form validators: each takes the value and answers an
 * error message or null. The server checks again; these only save a round trip.
 */

/** Loose shape check: something@domain.tld, no spaces. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

export const requiredEmail = (value: string) => {
  if (!value.trim()) return 'Please enter your email.';
  return looksLikeEmail(value) ? null : 'Please enter a valid email address.';
};

export const requiredName = (value: string) => (value.trim() ? null : 'Please enter your name.');

export const requiredPassword = (value: string) => (value ? null : 'Please enter your password.');

/** Codes arrive by e-mail and are often pasted with spaces or dashes; keep only what counts. */
export const normalizeCode = (value: string) => value.replace(/[\s-]/g, '');

export const oneTimeCode = (value: string) =>
  normalizeCode(value).length >= ONE_TIME_CODE_LENGTH
    ? null
    : `The code has ${ONE_TIME_CODE_LENGTH} digits. Please check the email we sent.`;

export const newPassword = (value: string) =>
  value.length >= PASSWORD_MIN_LENGTH ? null : `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;

/** The change-password form's new password: long enough and not the old one again. */
export const changedPassword = (value: string, oldPassword: string) =>
  newPassword(value) ?? (oldPassword && value === oldPassword ? messages.newPasswordMustDiffer : null);
