/** Rows as the public API shows them (`packages/core/src/public-api/schemas.ts`). */

import type { V1JobSchema, V1ProjectSchema, V1VideoSchema } from '@reelwright/core';
import type { z } from 'zod';
import { type RenderJobRow, shownStatus } from '../renders/service';

type ProjectRow = { id: number; name: string; title: string; createdAt: Date; updatedAt: Date };

export const presentProject = (row: ProjectRow): z.output<typeof V1ProjectSchema> => ({
  id: row.id,
  name: row.name,
  title: row.title,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const presentJob = (row: RenderJobRow): z.output<typeof V1JobSchema> => ({
  id: row.id,
  project_id: row.projectId,
  status: shownStatus(row),
  progress: row.status === 'done' ? 1 : row.progress,
  frames_done: row.framesDone,
  frames_total: row.framesTotal,
  segments_reused: row.segmentsReused,
  segments_total: row.segmentsTotal,
  error: row.error,
  video_id: row.status === 'done' ? row.id : null,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
});

/** A finished render; `baseUrl` is the server's public address. */
export const presentVideo = (row: RenderJobRow, baseUrl: string): z.output<typeof V1VideoSchema> => ({
  id: row.id,
  project_id: row.projectId,
  duration: row.duration,
  bytes: row.bytes,
  download_url: `${baseUrl.replace(/\/$/, '')}/api/v1/videos/${row.id}/mp4`,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
});
