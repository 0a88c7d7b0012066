import { escapeHtml, type OutgoingMail } from '../mail/messages';

/** The links a render's e-mail and notification point to. */
export function renderLinks(publicUrl: string, publicId: string, projectId: number) {
  return {
    /** Downloads the MP4 (as an attachment). */
    download: `${publicUrl}/videos/${publicId}.mp4?download=1`,
    /** Plays it in the browser. */
    watch: `${publicUrl}/videos/${publicId}.mp4`,
    project: `${publicUrl}/app.html?pid=${projectId}#/wizard`,
  };
}

/** The e-mail of a finished render: the download link, plainly (spec 000 §2: "a download link is emailed"). */
export function renderReadyMail(options: {
  to: string;
  title: string;
  duration: number;
  links: ReturnType<typeof renderLinks>;
  supportEmail: string;
}): OutgoingMail {
  const { to, title, links, supportEmail } = options;
  const length = formatLength(options.duration);
  return {
    to,
    subject: `Your video is ready: ${title}`,
    text:
      `Your video "${title}" (${length}) is ready.\n\n` +
      `Download the MP4:\n${links.download}\n\n` +
      `Open the project:\n${links.project}\n\n` +
      `Questions? Write to ${supportEmail}.\n`,
    html:
      `<p>Your video <b>${escapeHtml(title)}</b> (${length}) is ready.</p>` +
      `<p><a href="${escapeHtml(links.download)}" style="display:inline-block;padding:10px 18px;background:#228be6;color:#fff;border-radius:6px;text-decoration:none;font-weight:bold">Download the MP4</a></p>` +
      `<p>Or copy this link: ${escapeHtml(links.download)}</p>` +
      `<p><a href="${escapeHtml(links.project)}">Open the project</a> · Questions? Write to <a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>.</p>`,
  };
}

/** The e-mail of a render that failed after its retries: why, and what to do. */
export function renderFailedMail(options: {
  to: string;
  title: string;
  reason: string;
  links: ReturnType<typeof renderLinks>;
  supportEmail: string;
}): OutgoingMail {
  const { to, title, reason, links, supportEmail } = options;
  const advice = `Open the project, fix what the reason names and publish again. If it keeps failing, write to ${supportEmail} and quote the reason.`;
  return {
    to,
    subject: `Your video could not be rendered: ${title}`,
    text: `We could not render your video "${title}".\n\nReason: ${reason}\n\n${advice}\n\n${links.project}\n`,
    html:
      `<p>We could not render your video <b>${escapeHtml(title)}</b>.</p>` +
      `<p>Reason: ${escapeHtml(reason)}</p>` +
      `<p>${escapeHtml(advice)}</p>` +
      `<p><a href="${escapeHtml(links.project)}">Open the project</a></p>`,
  };
}

/** 75 → '1:15'. */
export function formatLength(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
