import { DEFAULT_VOICE } from '../../limits';

/**
 * Constants and user-visible strings of the wizard's slides step (spec 001 §4, §5, §6, §9). The
 * values are requirements: change them only when the spec changes. The keyword-step constants this
 * folder also uses (DEFAULT_BREAK_TEXT, KEYWORD_HIGHLIGHT_MIN_LENGTH) live in `../../limits`.
 */

/** Line-breaking width (spec 001 §5, §9): default 65 characters, clamped to 40–90. */
export const LINE_WIDTH = { default: 65, min: 40, max: 90 } as const;
/** A line of this many words or fewer is merged into a neighbour (spec 001 §5). */
export const SHORT_LINE_MAX_WORDS = 2;
/** A line of this many characters or fewer is merged into a neighbour (spec 001 §5). */
export const SHORT_LINE_MAX_CHARS = 12;

/** Free plan: at most this many slides are created in the slides step (spec 001 §6, §9). */
export const FREE_MAX_CREATED_SLIDES = 10;
/** Free plan: the warning flag shows above this many slides (spec 001 §6, §9). */
export const FREE_WARN_ABOVE_SLIDES = 5;
/** Free accounts: at most this many slides in the customize step and the video (spec 001 §2, §6). */
export const FREE_MAX_VIDEO_SLIDES = 15;

/** Seconds a text lasts when it has no narration (spec 001 §9 "3 seconds per text"). */
export const DEFAULT_TEXT_SECONDS = 3;
/** The last item of a frame lasts at least this long (spec 001 §9). */
export const LAST_ITEM_MIN_SECONDS = 2.5;
/** Gap between the lines of a slide (spec 001 §9). */
export const LINE_GAP_SECONDS = 0.15;
/** Contact slides last this long per item (spec 001 §2, §9). */
export const CONTACT_SECONDS_PER_ITEM = 5;
/** The minimum-duration prompt's range, seconds; 0 means automatic (spec 001 §5, §9). */
export const MIN_DURATION_RANGE = { min: 0, max: 300 } as const;

/** Container background alpha and text overlay alpha default (spec 001 §5). */
export const DEFAULT_OVERLAY_ALPHA = 0.4;
/** Default canvas and preview size (spec 001 §9). */
export const DEFAULT_STAGE_SIZE = { width: 1024, height: 576 } as const;

/** The preset the first created slide gets (spec 001 §4). */
export const FILM_PRESET_ID = 'film';

/** Container positions of the 'container' layout (spec 001 §9). */
export const CONTAINER_POSITIONS = ['center', 'bottom', 'left', 'right', 'top', 'fill', 'random'] as const;
export type ContainerPosition = (typeof CONTAINER_POSITIONS)[number];

/** The list layouts (spec 001 §9). */
export const LIST_LAYOUTS = ['list_vertical', 'list_horizontal', 'list_grid'] as const;
export type ListLayout = (typeof LIST_LAYOUTS)[number];

/**
 * Every slide layout of spec 001 §9. The container layout is stored per position
 * (`container_center` …), as the list layouts are, so one string names the whole choice.
 */
export const SLIDE_LAYOUTS = [
  'automatic',
  'text_overlay',
  ...CONTAINER_POSITIONS.map((position) => `container_${position}` as const),
  'text_on_bottom',
  'text_on_left',
  'text_on_right',
  'text_on_top',
  'text_hidden',
  ...LIST_LAYOUTS,
  'random',
] as const;
export type SlideLayout = (typeof SLIDE_LAYOUTS)[number];

/** Container animations (spec 001 §9). */
export const CONTAINER_ANIMATIONS = [
  'fade',
  'zoom',
  'rotate',
  'flip',
  'tilt',
  'width',
  'height',
  'slide',
  'rush',
  'random',
] as const;

/** Voice-over sources of a slide (spec 001 §4, §9). */
export const AUDIO_SOURCES = ['none', 'free_tts', 'paid_tts', 'mic', 'mp3'] as const;
/** Where a text's audio came from (spec 001 §3). */
export const AUDIO_TYPES = ['tts', 'upload', 'mp3', 'sync'] as const;
/** Image fit options (spec 001 §9). */
export const IMAGE_FITS = ['cover', 'contain', 'fill', 'scale-down', 'none'] as const;
/** Break text at words, chars or lines (spec 001 §9): the text's split animation. */
export const BREAK_AT = ['words', 'chars', 'lines'] as const;
/** Text alignment (spec 001 §9). */
export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;

/** Contact and social items of the customize step, in video order (spec 001 §2). */
export const SOCIAL_KEYS = ['intro', 'website', 'facebook', 'twitter', 'instagram', 'email', 'phone', 'outro'] as const;
export type SocialKey = (typeof SOCIAL_KEYS)[number];

/** The voice a slide returns to when a preset is applied (spec 001 §4 "Preset change"). */
export const DEFAULT_SLIDE_VOICE = { voiceId: DEFAULT_VOICE, lang: 'en-US', engine: 'free_tts' } as const;

/** User-visible strings of the slides step, verbatim from spec 001. */
export const slideMessages = {
  /** Card title (spec 001 §2). */
  slideCardTitle: (n: number, total: number) => `Slide #${n} of ${total}`,
  /** Hint when the active text is empty (spec 001 §5). */
  addTextFirst: 'please add some text first to add images',
  /** Popup button (spec 001 §2). */
  saveAudio: 'Save audio',
  neverShowAgain: 'Never show this popup again',
  audioCleaned: 'Audio has been cleaned. New audio will be generated when you click the "Next" button.',
  speechCompleted: 'Speech generation completed',
  speechAborted: 'Speech generation aborted',
  confirmAbortSpeech: 'Speech generation is not complete. Are you sure you want to abort?',
  cancellingSpeech: 'Cancelling speech generation..',
  addingImages: 'Adding relevant images. This may take a little while..',
  loadingVoicesAndPresets: 'Loading voices and presets..',
} as const;
