import { messages, type ProjectData } from '@reelwright/core';

/** The name offered in the name prompt: the first wizard keyword, else 'My video' (spec 000 §4). */
export function suggestedProjectName(data: Pick<ProjectData, 'wizard'>): string {
  const first = (data.wizard?.keyword ?? '').split(',')[0]?.trim();
  return first || messages.defaultSuggestedName;
}

/** The prompt's pre-filled value: the suggestion when there is one, else 'My project'. */
export function namePromptDefault(suggested: string | undefined): string {
  return suggested?.trim() || messages.defaultProjectName;
}
