import { call } from '../../lib/api';

/** The optimizer's calls (issue 21): the offline result, and the language model's rewrite of it. */
export const optimizerApi = {
  optimize: (input: { pid: number; keyword: string }) => call('optimizeVideo', input),
  rewrite: (input: { pid: number; keyword: string }) => call('rewriteOptimized', input),
};
