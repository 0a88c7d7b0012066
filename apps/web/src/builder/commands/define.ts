import type { ProjectData } from '@reelwright/core';
import type { HistoryPolicy, ProjectDocument } from './project-document';

/**
 * A named edit (STYLE §6): what it does to a draft of the document, and how it enters history.
 * Toolbar, keys, menus, gestures and the wizard all run edits through one of these.
 */
export type Command<Args> = {
  name: string;
  /** 'record' (the default) makes an undo step; 'ignore' is for changes that are not the author's. */
  history?: HistoryPolicy;
  /** Runs with the same key in a quick burst merge into one undo step (typing). */
  mergeKey?: (args: Args) => string;
  /** Edits the draft in place, or returns a whole new document. */
  // biome-ignore lint/suspicious/noConfusingVoidType: most commands edit the draft and return nothing.
  perform(draft: ProjectData, args: Args): ProjectData | void;
};

export function defineCommand<Args>(command: Command<Args>): Command<Args> {
  return command;
}

/** Applies a command to the document, as one undo step or as part of the open gesture. */
export function runCommand<Args>(
  document: ProjectDocument,
  command: Command<Args>,
  args: Args,
  options: { mergeKey?: string } = {},
): boolean {
  return document.apply(command.name, (draft) => command.perform(draft, args), {
    history: command.history,
    mergeKey: options.mergeKey ?? command.mergeKey?.(args),
  });
}
