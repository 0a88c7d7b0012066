import { ONE_TIME_CODE_TTL_MS } from '@reelwright/core';

/** A message ready for the mailer. */
export type OutgoingMail = { to: string; subject: string; text: string; html: string };

export type CodePurpose = 'verify' | 'reset';

const wording: Record<CodePurpose, { subject: string; lead: string }> = {
  verify: {
    subject: 'Your Reelwright verification code',
    lead: 'Enter this code on the Verify screen to confirm your email address:',
  },
  reset: {
    subject: 'Your Reelwright password reset code',
    lead: 'Enter this code with your new password to reset your password:',
  },
};

/** Makes text safe inside HTML. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The e-mail carrying a one-time code; the code is in the subject so it shows in any inbox list. */
export function codeMail(options: { purpose: CodePurpose; to: string; code: string; appUrl: string }): OutgoingMail {
  const { subject, lead } = wording[options.purpose];
  const minutes = Math.round(ONE_TIME_CODE_TTL_MS / 60_000);
  const note = `The code works once and expires in ${minutes} minutes. If you did not ask for it, ignore this email.`;
  return {
    to: options.to,
    subject: `${subject}: ${options.code}`,
    text: `${lead}\n\n    ${options.code}\n\n${note}\n\nReelwright - ${options.appUrl}\n`,
    html:
      `<p>${escapeHtml(lead)}</p>` +
      `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${options.code}</p>` +
      `<p>${escapeHtml(note)}</p>` +
      `<p><a href="${escapeHtml(options.appUrl)}">Reelwright</a></p>`,
  };
}
