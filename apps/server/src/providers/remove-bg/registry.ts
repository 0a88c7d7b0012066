import type { Config } from '../../config';
import { removeBgAdapter } from './removebg';
import type { BackgroundRemover } from './types';

export type { BackgroundRemover } from './types';

/** The configured background remover, or undefined when no service has a key. */
export function backgroundRemover(config: Pick<Config, 'removeBg'>): BackgroundRemover | undefined {
  const { apiKey, url } = config.removeBg;
  return apiKey ? removeBgAdapter({ apiKey, url }) : undefined;
}
