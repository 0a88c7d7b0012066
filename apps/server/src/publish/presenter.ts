import type { RenderStatus } from '@reelwright/core';
import { type RenderJobRow, shownStatus } from '../renders/service';
import { renderLinks } from './render-mail';

/** A render as the publish dialog follows it. */
export function presentRenderStatus(row: RenderJobRow, publicUrl: string): RenderStatus {
  return {
    qid: row.id,
    status: shownStatus(row),
    progress: row.progress,
    framesDone: row.framesDone,
    framesTotal: row.framesTotal,
    segmentsReused: row.segmentsReused,
    segmentsTotal: row.segmentsTotal,
    error: row.error,
    url: row.status === 'done' ? renderLinks(publicUrl, row.publicId, row.projectId).download : null,
    email: row.email,
    duration: row.duration,
  };
}

/** A download's file name from the project's title: 'My Trip to Rome!' → 'my-trip-to-rome.mp4' (or `.srt`, `.vtt`). */
export function videoFileName(title: string, extension: 'mp4' | 'srt' | 'vtt' = 'mp4'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${slug || 'video'}.${extension}`;
}
