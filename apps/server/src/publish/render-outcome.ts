/**
 * Telling a member how their render ended: the e-mail with the download link (or the reason it
 * failed), a push notification to their browsers and their webhooks. The render worker calls it
 * once per render.
 */
import type { WebhookEvent } from '@reelwright/core';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { PushMessage } from '../notify/service';
import { projectTitle } from '../projects/service';
import type { RenderJobRow } from '../renders/service';
import { renderFailedMail, renderLinks, renderReadyMail } from './render-mail';

export type RenderOutcomeDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  supportEmail: string;
  /** Sends a Web Push message to the member's browsers; never throws. */
  push?: (userId: number, message: PushMessage) => Promise<unknown>;
  /** Tells the member's webhook endpoints (D73); never throws. */
  announce?: (userId: number, event: WebhookEvent) => Promise<unknown>;
};

/** Builds the `onSettled` hook of the render worker. */
export function renderOutcomeNotifier(deps: RenderOutcomeDeps) {
  return async (row: RenderJobRow): Promise<void> => {
    const title = (await projectTitle(deps.db, row.projectId)) || 'Your video';
    const links = renderLinks(deps.publicUrl, row.publicId, row.projectId);
    const { supportEmail } = deps;
    const done = row.status === 'done';
    const reason = row.error ?? 'The render stopped unexpectedly.';
    const mail = done
      ? renderReadyMail({ to: row.email ?? '', title, duration: row.duration ?? 0, links, supportEmail })
      : renderFailedMail({ to: row.email ?? '', title, reason, links, supportEmail });
    const push: PushMessage = done
      ? { title: 'Your video is ready', body: `"${title}" is ready to download.`, url: links.download }
      : { title: 'Your video could not be rendered', body: reason, url: links.project };
    const event: WebhookEvent = {
      type: done ? 'video.rendered' : 'video.render_failed',
      data: {
        project_id: row.projectId,
        render_id: row.publicId,
        title,
        video_url: done ? links.watch : null,
        project_url: links.project,
        ...(done ? { duration: row.duration ?? 0 } : { error: reason }),
      },
    };
    // All are tried; a mail failure is reported after the push and webhooks went out.
    const [mailed] = await Promise.allSettled([
      row.email ? deps.mailer.send(mail) : Promise.resolve(),
      deps.push?.(row.userId, push),
      deps.announce?.(row.userId, event),
    ]);
    if (mailed.status === 'rejected') throw mailed.reason;
  };
}
