import type { ExportQuality, PublishAction, QuotaResponse, RenderStatus } from '@reelwright/core';
import { api } from '../../lib/api';
import { tzOffset } from '../account/use-user';

/** The publish calls of spec 000 §7. */
export const publishApi = {
  quota: () => api.get<QuotaResponse>('/api/members/quota', { tz_offset: tzOffset() }),
  queue: (input: { pid: number; email: string; action: PublishAction; quality?: ExportQuality }) =>
    api.post<RenderStatus>('/api/members/queue-video', { ...input, tz_offset: tzOffset() }),
  changeEmail: (input: { qid: number; newEmail: string }) =>
    api.post<RenderStatus>('/api/members/queue-video/update', input),
  status: (qid: number) => api.get<RenderStatus>('/api/members/queue-video/status', { qid }),
  /** The MP4's address, 'rendering', or '' (never published). */
  downloadLookup: (pid: number) => api.getText('/api/members/videos/download', { pid }),
  embedHash: (pid: number) => api.getText('/api/members/projects/embed/hash', { pid }),
};
