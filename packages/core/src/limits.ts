/**
 * Business constants of spec 000 §9 (accounts, projects, shell). Values are requirements:
 * change them only when the spec changes.
 */

/** Length of e-mail verification and password-reset codes (spec 000 §5, §9). */
export const ONE_TIME_CODE_LENGTH = 8;
/** How long a one-time code stays valid. Not in the spec; chosen with the foundation issue. */
export const ONE_TIME_CODE_TTL_MS = 15 * 60 * 1000;
/** Wrong tries that burn a one-time code. */
export const ONE_TIME_CODE_MAX_ATTEMPTS = 5;
/** Minimum length of a new password (spec 000 §5: "New password on reset: minimum 6"). */
export const PASSWORD_MIN_LENGTH = 6;
/** Upper bound on passwords, so hashing cannot be used to burn CPU. */
export const PASSWORD_MAX_LENGTH = 200;

/** Debounce between an edit and the project update (history + save). */
export const PROJECT_UPDATE_DEBOUNCE_MS = 1000;
/** Changes made during the first 2 s after a project loads are not edits. */
export const PROJECT_WARMUP_MS = 2000;
/** Undo/redo history depth, in snapshots. */
export const HISTORY_DEPTH = 99;
/** Settings are sent this long after a change, only when different from the last synced copy. */
export const SETTINGS_SYNC_DELAY_MS = 2500;
/** A save requested while one is running waits this long and tries again. */
export const SAVE_RETRY_WAIT_MS = 100;

/** Free plan: seconds of generated speech per project (spec 001 §6). */
export const FREE_SPEECH_SECONDS = 35;
/** Free plan: longest video, in seconds. */
export const FREE_VIDEO_MAX_SECONDS = 60;
/** The embeddable frame. */
export const EMBED_FRAME = { width: 1024, height: 624 } as const;
/** The 'My videos' search box appears only above this many projects. */
export const PROJECT_SEARCH_THRESHOLD = 5;
/** News items are cut to this many characters in the bell. */
export const NEWS_TEXT_MAX = 70;
/** Training hint: shown from 2.5 s until 12.5 s. */
export const TRAINING_HINT_START_MS = 2500;
export const TRAINING_HINT_END_MS = 12500;
/** Default narration voice. */
export const DEFAULT_VOICE = 'en-US-Wavenet-C';
/** Default project category; the member's special project uses 'reserved'. */
export const DEFAULT_PROJECT_CATEGORY = 'project';
export const RESERVED_PROJECT_CATEGORY = 'reserved';
/** Default stage size (spec 000 §9, 002 §9). */
export const DEFAULT_STAGE = { width: 1024, height: 576, scale: 1 } as const;

/** Largest settings object a member may store, as serialised JSON bytes. */
export const SETTINGS_MAX_BYTES = 64 * 1024;
/** Largest project document, as serialised JSON bytes. */
export const PROJECT_MAX_BYTES = 8 * 1024 * 1024;
/** Longest project name or title. */
export const PROJECT_NAME_MAX = 200;

// Wizard: keyword and content steps (spec 001 §5, §9)

/** Most keyword tags the keyword field accepts (spec 001 §5). */
export const MAX_KEYWORD_TAGS = 50;
/** Tags shorter than this are never bolded or used as keyword highlights (spec 001 §5). */
export const KEYWORD_HIGHLIGHT_MIN_LENGTH = 3;
/** The editor recommends an article under this many words (spec 001 §5). */
export const EDITOR_RECOMMENDED_WORDS = 550;
/** The editor warns above this many words, and 'Fix it' truncates to it (spec 001 §5, §9). */
export const EDITOR_MAX_WORDS = 600;
/** Default 'Break text longer than', in characters (spec 001 §5). */
export const DEFAULT_BREAK_TEXT = 320;
/** A listicle needs this many named items (spec 001 §5). */
export const MIN_LISTICLE_ITEMS = 2;
/** A quiz needs this many questions (spec 001 §5). */
export const MIN_QUIZ_QUESTIONS = 2;
/** A multiple-choice question has at most this many options (spec 001 §5). */
export const QUIZ_MAX_OPTIONS = 4;
/** Related keyword suggestions are shown this many at a time (spec 001 §2, §9). */
export const RELATED_KEYWORDS_PAGE = 10;
/** Keyword suggestions wait this long after the last keystroke (spec 001 §9). */
export const KEYWORD_SUGGEST_DEBOUNCE_MS = 1000;
/** The article search's slow message changes this often (spec 001 §8). */
export const SEARCH_SLOW_MESSAGE_MS = 15000;
/** A fetched article body must be longer than this many characters (spec 001 §5). */
export const MIN_ARTICLE_BODY_CHARS = 30;
