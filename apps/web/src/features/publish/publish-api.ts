import type { ExportQuality, PublishAction } from '@reelwright/core';
import { call } from '../../lib/api';
import { tzOffset } from '../account/use-user';

/** The publish calls of spec 000 §7. */
export const publishApi = {
  quota: () => call('quota', { tz_offset: tzOffset() }),
  queue: (input: { pid: number; email: string; action: PublishAction; quality?: ExportQuality }) =>
    call('queueVideo', { ...input, tz_offset: tzOffset() }),
  changeEmail: (input: { qid: number; newEmail: string }) => call('queueVideoUpdate', input),
  status: (qid: number) => call('renderStatus', { qid }),
  /** The MP4's address, 'rendering', or '' (never published). */
  downloadLookup: (pid: number) => call('downloadLookup', { pid }),
  embedHash: (pid: number) => call('embedHash', { pid }),
};
