/**
 * Publishing (spec 000 §2–4, §7): queue a member's project for rendering under their plan's
 * quota and rules, change where the link goes, and find the published MP4 and embed hash.
 */
import type { QueueVideoInputSchema } from '@reelwright/core';
import { EXPORT_QUALITIES, publishRulesFor } from '@reelwright/core';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Member } from '../accounts/service';
import { abilitiesFor } from '../accounts/service';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError, conflict } from '../errors';
import type { Boss } from '../plugins/queue';
import { ensureEmbedHash, loadProject, projectIdByEmbedHash, projectTitle } from '../projects/service';
import {
  changeRenderEmail as changeRenderJobEmail,
  createRenderJob,
  enqueueRender,
  finishedRenderByPublicId,
  finishedRenderOf,
  projectRenders,
  type RenderJobRow,
  renderStatus,
} from '../renders/service';
import { memberQuota } from './quota';
import { renderLinks } from './render-mail';

export { memberQuota } from './quota';

/** What a publish takes: the dialog's input; no e-mail (null) for a render an API call asked for. */
export type PublishInput = Omit<z.output<typeof QueueVideoInputSchema>, 'email'> & { email: string | null };

/** First key of the advisory lock that serialises one member's quota check and insert. */
const QUOTA_LOCK = 0x5245_4e44; // 'REND'

/**
 * Queues a render of the member's project with their plan's rules (watermark, 60 s for free) at
 * the chosen size. The same render input already queued, rendering or finished is answered
 * instead: it is not queued twice, costs no quota and sends no second e-mail. Otherwise a member
 * with no render left today gets a 429 whose message is the quota's HTML error.
 */
export async function publishProject(
  db: Db,
  boss: Boss,
  config: Config,
  member: Member,
  input: PublishInput,
): Promise<RenderJobRow> {
  const rules = publishRulesFor(abilitiesFor(member.plan));
  const shortSide = EXPORT_QUALITIES[input.quality];
  const { row, created } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${member.id})`);
    const project = await loadProject(tx, { userId: member.id, query: { id: input.pid } });
    const { active } = await projectRenders(tx, project.id);
    if (active && active.dataHash === project.dataHash && active.shortSide === shortSide) {
      return { row: active, created: false };
    }
    const finished = await finishedRenderOf(tx, {
      projectId: project.id,
      dataHash: project.dataHash,
      rules,
      shortSide,
    });
    if (finished) return { row: finished, created: false };
    const quota = await memberQuota(tx, config, member, { tzOffset: input.tz_offset });
    if (quota.error) throw new AppError(429, 'quota_exceeded', quota.error);
    return createRenderJob(tx, {
      userId: member.id,
      projectId: project.id,
      email: input.email,
      action: input.action,
      rules,
      shortSide,
    });
  });
  return created ? enqueueRender(db, boss, row, { timeoutSeconds: config.render.timeoutSeconds }) : row;
}

/** Changes where a render's download link is sent; only before it has been sent. */
export async function changeRenderEmail(
  db: Db,
  member: Member,
  input: { qid: number; newEmail: string },
): Promise<RenderJobRow> {
  await renderStatus(db, { userId: member.id, renderJobId: input.qid });
  const row = await changeRenderJobEmail(db, input.qid, input.newEmail);
  if (!row) throw conflict('This video has already been sent. Download it from the Publish dialog instead.');
  return row;
}

/** The published MP4's address, 'rendering' while a render is on its way, or '' (spec 000 §4). */
export async function downloadLookup(db: Db, config: Config, member: Member, pid: number): Promise<string> {
  const project = await loadProject(db, { userId: member.id, query: { id: pid } });
  const { latestDone, active } = await projectRenders(db, project.id);
  if (active) return 'rendering';
  if (latestDone) return renderLinks(config.publicUrl, latestDone.publicId, project.id).download;
  return '';
}

/** The project's newest finished render (a 404 naming what to do when there is none). */
export async function publishedRender(db: Db, member: Member, pid: number) {
  const project = await loadProject(db, { userId: member.id, query: { id: pid } });
  const { latestDone } = await projectRenders(db, project.id);
  if (!latestDone?.outputPath) {
    throw new AppError(404, 'not_published', 'This project has no rendered video yet. Publish it first.');
  }
  return { project, render: latestDone };
}

/** The project's embed hash, made on first request (unguessable; names nothing of the member). */
export async function embedHash(db: Db, member: Member, pid: number): Promise<string> {
  const project = await loadProject(db, { userId: member.id, query: { id: pid } });
  return ensureEmbedHash(db, project);
}

/** The render an embed page plays: the newest finished one of the project behind the hash. */
export async function embeddedRender(db: Db, hash: string) {
  const projectId = await projectIdByEmbedHash(db, hash);
  if (projectId === undefined) return { found: false as const };
  const { latestDone, active } = await projectRenders(db, projectId);
  return { found: true as const, render: latestDone, rendering: !!active };
}

/** A finished render by its public id (the name of its files), with its project's title when it still exists. */
export async function renderByPublicId(
  db: Db,
  publicId: string,
): Promise<{ render: RenderJobRow; title: string } | undefined> {
  const render = await finishedRenderByPublicId(db, publicId);
  if (!render) return undefined;
  return { render, title: (await projectTitle(db, render.projectId)) || 'video' };
}
