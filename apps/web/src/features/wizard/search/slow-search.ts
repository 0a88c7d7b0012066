import { messages, SEARCH_SLOW_MESSAGE_MS } from '@reelwright/core';

/** What a running search says as it takes longer: a new message every 15 s (spec 001 §8), the last one stays. */
export function slowSearchMessage(elapsedMs: number, sourceName: string): string {
  const lines = [
    messages.searchingSource(sourceName),
    'Still searching: some sources take a while to answer..',
    'Reading the results..',
    'This is taking longer than usual. You can wait, or go Back and try another keyword or source.',
  ];
  const step = Math.floor(Math.max(0, elapsedMs) / SEARCH_SLOW_MESSAGE_MS);
  return lines[Math.min(step, lines.length - 1)]!;
}

/** How a search source is named on screen. */
export const SEARCH_SOURCE_NAMES = { ezine: 'the web', news: 'news', blog: 'blogs' } as const;
