import { messages, OPTIMIZER_KEYWORD_MIN_CHARS } from '@reelwright/core';

/** The form's check of the target keyword (spec 000 §5): the message, or null when it will do. */
export function keywordProblem(keyword: string): string | null {
  return keyword.trim().length < OPTIMIZER_KEYWORD_MIN_CHARS ? messages.optimizerKeywordRequired : null;
}

/** Video sites' upload page, where the member takes the MP4 and the copied text. */
export const VIDEO_SITE_UPLOAD_URL = 'https://www.youtube.com/upload';
