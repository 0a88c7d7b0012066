/**
 * The API's video jobs (D74) as callers see them: created under the plan's daily quota before
 * any work is queued, and read back with the render job they led to.
 */
import type { MakeVideoRequest, V1VideoJobSchema } from '@reelwright/core';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Member } from '../accounts/service';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError, notFound } from '../errors';
import type { Boss } from '../plugins/queue';
import { memberQuota } from '../publish/service';
import { memberRender, type RenderJobRow } from '../renders/service';
import { type VideoJobRow, videoJobs } from './tables';
import { MakeVideoJob } from './video-job';

/** First key of the advisory lock that serialises one member's video-job quota check and insert. */
const VIDEO_QUOTA_LOCK = 0x4d41_4b45; // 'MAKE'
/** The maker's share of a job's progress; the render has the rest. */
const MAKER_SHARE = 0.5;

/**
 * Records a video job and queues it. Its render will count against the plan's daily quota, as
 * will those of the member's jobs still being made, so a member with no render left for it is
 * refused here (429) and nothing is recorded.
 */
export async function createVideoJob(
  db: Db,
  boss: Boss,
  config: Config,
  member: Member,
  request: MakeVideoRequest,
): Promise<VideoJobRow> {
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${VIDEO_QUOTA_LOCK}, ${member.id})`);
    const quota = await memberQuota(tx, config, member);
    if (quota.error) throw new AppError(429, 'quota_exceeded', quota.error);
    const [making] = await tx
      .select({ n: count() })
      .from(videoJobs)
      .where(and(eq(videoJobs.userId, member.id), inArray(videoJobs.status, ['queued', 'working'])));
    const pending = making?.n ?? 0;
    if (pending >= quota.remaining) {
      throw new AppError(
        429,
        'quota_exceeded',
        `You have ${pending} video${pending === 1 ? '' : 's'} being made, which will use the ${quota.remaining} render${quota.remaining === 1 ? '' : 's'} left today on your ${member.plan} plan. Wait until they are done, or try again after midnight UTC.`,
      );
    }
    const [created] = await tx.insert(videoJobs).values({ userId: member.id, request }).returning();
    if (!created) throw new Error('createVideoJob: the insert returned no row');
    return created;
  });
  try {
    const bossJobId = await MakeVideoJob.enqueue(boss, { videoJobId: row.id });
    const [queued] = await db
      .update(videoJobs)
      .set({ bossJobId, updatedAt: new Date() })
      .where(eq(videoJobs.id, row.id))
      .returning();
    return queued ?? row;
  } catch (error) {
    await db
      .update(videoJobs)
      .set({
        status: 'failed',
        error: `Could not queue the video: ${(error as Error).message}`,
        finishedAt: new Date(),
      })
      .where(eq(videoJobs.id, row.id));
    throw error;
  }
}

/** The member's video job and its render job when it has one; someone else's is a 404. */
export async function videoJobOf(
  db: Db,
  options: { userId: number; id: number },
): Promise<{ job: VideoJobRow; render: RenderJobRow | null }> {
  const [job] = await db
    .select()
    .from(videoJobs)
    .where(and(eq(videoJobs.id, options.id), eq(videoJobs.userId, options.userId)))
    .limit(1);
  if (!job) throw notFound('No such video job.');
  const render = job.renderJobId
    ? ((await memberRender(db, { userId: options.userId, renderJobId: job.renderJobId })) ?? null)
    : null;
  return { job, render };
}

type VideoJob = z.output<typeof V1VideoJobSchema>;

/** Where the job stands: the maker's part from its own row, then the render job's. */
function standing(
  job: VideoJobRow,
  render: RenderJobRow | null,
): Pick<VideoJob, 'status' | 'stage' | 'progress' | 'error' | 'finished_at'> {
  const makerProgress = job.progress * MAKER_SHARE;
  if (job.status !== 'done' || !render) {
    return {
      status: job.status === 'done' ? 'failed' : job.status,
      stage: job.status === 'working' ? (job.stage as VideoJob['stage']) : null,
      progress: job.status === 'queued' ? 0 : makerProgress,
      error: job.status === 'done' ? 'The video was deleted.' : job.error,
      finished_at: job.finishedAt?.toISOString() ?? null,
    };
  }
  if (render.status === 'done' || render.status === 'failed') {
    return {
      status: render.status,
      stage: null,
      progress: render.status === 'done' ? 1 : MAKER_SHARE,
      error: render.error,
      finished_at: render.finishedAt?.toISOString() ?? null,
    };
  }
  return {
    status: 'working',
    stage: 'render',
    progress: MAKER_SHARE + render.progress * (1 - MAKER_SHARE),
    error: render.error,
    finished_at: null,
  };
}

/** A video job as the API shows it; `baseUrl` is the server's public address. */
export function presentVideoJob(job: VideoJobRow, render: RenderJobRow | null, baseUrl: string): VideoJob {
  const api = `${baseUrl.replace(/\/$/, '')}/api/v1`;
  const state = standing(job, render);
  const video = state.status === 'done' && render ? render.id : null;
  return {
    id: job.id,
    ...state,
    project_id: job.projectId,
    render_id: render?.id ?? null,
    video_id: video,
    links: {
      self: `${api}/videos/jobs/${job.id}`,
      project: job.projectId ? `${api}/projects/${job.projectId}` : null,
      render: render ? `${api}/renders/${render.id}` : null,
      video: video ? `${api}/videos/${video}` : null,
      mp4: video ? `${api}/videos/${video}/mp4` : null,
      srt: video ? `${api}/videos/${video}/srt` : null,
      vtt: video ? `${api}/videos/${video}/vtt` : null,
    },
    created_at: job.createdAt.toISOString(),
  };
}
