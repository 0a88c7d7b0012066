import { frameCount, type ProjectData } from '@reelwright/core';
import { create } from 'zustand';
import { type DocumentChange, ProjectDocument } from '../../builder/commands/project-document';
import { updateProject as updateProjectCommand } from '../../builder/commands/slide-commands';
import { type AutoSaveContext, shouldAutoSave, shouldResaveAfterHistoryMove } from './auto-save';
import type { LoadTarget } from './project-api';
import { emptyProject, type LoadedProject, loadProject } from './project-loader';
import { ProjectSaver, type SaveState } from './project-saver';
import { isAutoSaveOn, useSettings } from './settings-store';
import { UpdateScheduler } from './update-scheduler';
import type { DraftContent } from './visitor-draft';
import { handOverVisitorDraft, keepVisitorDraft, restoreVisitorDraft, visitorDraftOpened } from './visitor-draft-store';

export type { SaveState } from './project-saver';

/** 'needs-login': a visitor opened a project address (`?pid=`); nothing is loaded until they log in. */
export type ProjectStatus = 'loading' | 'ready' | 'needs-login';

/** An edit: the new document, or a mutator working on a copy (it may also return a new document). */
// biome-ignore lint/suspicious/noConfusingVoidType: a mutator that edits the draft in place returns nothing.
export type ProjectChange = ProjectData | ((draft: ProjectData) => ProjectData | void);

export type ProjectState = Omit<LoadedProject, 'base'> & {
  status: ProjectStatus;
  saveState: SaveState;
  canUndo: boolean;
  canRedo: boolean;
  /** Ask for a name before the first save (spec 000 §4); off for the reserved project. */
  autoPrompt: boolean;
  /** The 'Enter project name:' prompt is waiting for an answer. */
  namePromptOpen: boolean;
  /** Set by the shell: a member is logged in / an editor route is showing. */
  loggedIn: boolean;
  inEditor: boolean;

  /**
   * Loads the start project; resolves to the failure reason to show, or null. With `draft` (a
   * visitor starting a new video) the draft kept in this browser opens instead, if there is one.
   */
  start(target: LoadTarget, options?: { draft?: boolean }): Promise<string | null>;
  /**
   * Applies an edit at once as the named command `updateProject` (a quick burst of them is one
   * undo step); saving follows 1000 ms after the last edit.
   */
  updateProject(change: ProjectChange): void;
  undo(): void;
  redo(): void;
  /** Saves now (the last edit included), e.g. before publishing; 'needs-name' while the name prompt is open. */
  saveNow(): Promise<'saved' | 'needs-name' | 'failed'>;
  /** Answers the name prompt and saves. */
  setProjectName(name: string): void;
  /** Starts over with a new, unsaved project (after the open project was deleted). */
  startEmpty(): void;
  /** A visitor must log in before the project in the address can load. */
  requireLogin(): void;
  setContext(context: Partial<Pick<ProjectState, 'loggedIn' | 'inEditor'>>): void;
};

/**
 * The open project's document and its patch history: the wizard's edits and the builder's
 * commands all change the project through it (see `src/builder/commands`).
 */
export const projectDocument = new ProjectDocument(emptyProject().data);
const scheduler = new UpdateScheduler(() => commitUpdate());
const saver = new ProjectSaver({
  read: () => useProject.getState(),
  write: (patch) => useProject.setState(patch),
});

/**
 * The open project and its lifecycle (spec 000 §4). Screens read it with selectors
 * (`useProject((s) => s.data.video.frames)`) and edit it only through `updateProject`.
 */
export const useProject = create<ProjectState>((set, get) => ({
  ...fieldsOf(emptyProject()),
  status: 'loading',
  saveState: 'idle',
  canUndo: false,
  canRedo: false,
  autoPrompt: true,
  namePromptOpen: false,
  loggedIn: false,
  inEditor: false,

  async start(target, options = {}) {
    set({ status: 'loading' });
    const draft = options.draft && target.kind === 'empty' ? await restoreVisitorDraft() : null;
    if (draft) {
      receive({ ...emptyProject(), name: draft.name, data: draft.data }, true);
      return null;
    }
    const result = await loadProject(target);
    receive(result.project);
    return result.error;
  },

  updateProject(change) {
    const recipe = typeof change === 'function' ? change : () => change;
    // Edits in the warm-up are the screens settling, not the author's work: no undo step.
    const history = scheduler.warmingUp ? 'ignore' : 'record';
    projectDocument.apply(updateProjectCommand.name, recipe, { history, mergeKey: 'updateProject' });
  },

  undo: () => projectDocument.undo(),
  redo: () => projectDocument.redo(),

  async saveNow() {
    scheduler.flush();
    await saver.save();
    const state = get();
    if (state.namePromptOpen) return 'needs-name';
    return state.saveState === 'saved' && state.id !== null ? 'saved' : 'failed';
  },

  setProjectName(name) {
    set({ name: name.trim(), namePromptOpen: false });
    void saver.save();
  },

  startEmpty: () => receive(emptyProject()),

  requireLogin: () => set({ status: 'needs-login' }),

  setContext(context) {
    const wasLoggedIn = get().loggedIn;
    set(context);
    // A visitor who logs in keeps the work so far; it is saved like any edit would be.
    const state = get();
    if (!wasLoggedIn && state.loggedIn && state.status === 'ready' && shouldAutoSave(autoSaveContext(state))) {
      void saver.save();
    }
  },
}));

function fieldsOf(project: LoadedProject): Omit<LoadedProject, 'base'> {
  const { base: _base, ...fields } = project;
  return fields;
}

function receive(project: LoadedProject, fromDraft = false) {
  visitorDraftOpened(fromDraft);
  scheduler.markLoaded();
  saver.reset(project.base);
  projectDocument.reset(project.data);
  useProject.setState({
    ...fieldsOf(project),
    status: 'ready',
    saveState: project.id === null ? 'idle' : 'saved',
    canUndo: false,
    canRedo: false,
    autoPrompt: project.category !== 'reserved',
    namePromptOpen: false,
  });
}

/** The debounced update after edits: save when the auto-save rule allows. */
function commitUpdate() {
  if (shouldAutoSave(autoSaveContext(useProject.getState()))) void saver.save();
}

/** Every change of the document reaches the store; edits are saved after the debounce, undo and redo at once. */
function mirror(change: DocumentChange) {
  if (change.cause !== 'reset') saver.record(change.patches);
  useProject.setState({ data: change.data, canUndo: projectDocument.canUndo, canRedo: projectDocument.canRedo });
  if (change.cause === 'undo' || change.cause === 'redo') {
    scheduler.cancel();
    if (shouldResaveAfterHistoryMove(autoSaveContext(useProject.getState()))) void saver.save();
    keepDraft();
  } else if (change.cause !== 'reset') {
    if (scheduler.changed()) keepDraft();
  }
}
projectDocument.subscribe(mirror);

/** A visitor's new project is kept in this browser (D96): not a member's, a tutorial or a reserved one. */
function visitorDraftOf(state: ProjectState): DraftContent | null {
  const kept = !state.loggedIn && state.status === 'ready' && state.id === null;
  return kept && state.category === 'project' && !state.tutorial ? { name: state.name, data: state.data } : null;
}

function keepDraft() {
  if (visitorDraftOf(useProject.getState())) keepVisitorDraft(() => visitorDraftOf(useProject.getState()));
}

// The kept draft became a member's saved project (a visitor logged in): the browser copy goes.
useProject.subscribe((state, previous) => {
  if (state.loggedIn && state.id !== null && previous.id === null) handOverVisitorDraft();
});

function autoSaveContext(state: ProjectState): AutoSaveContext {
  return {
    autoSave: isAutoSaveOn(useSettings.getState().settings),
    loggedIn: state.loggedIn,
    tutorial: state.tutorial,
    inEditor: state.inEditor,
    frames: frameCount(state.data),
    hasId: state.id !== null,
  };
}
