/**
 * The contract between the effect catalogue and the drawing code. Every effect is a pure
 * function of time (never of the wall clock or a frame count), so any frame can be drawn at any
 * t, in any order, on any machine (DESIGN §6).
 */

/** Which part of the catalogue an effect belongs to (spec 002 §9 catalogues). */
export type EffectFamily = 'show' | 'hide' | 'stay' | 'highlighter' | 'container-background' | 'container';

/**
 * How an item is moved and faded at an instant, relative to its box. Drawing applies it about the
 * box's centre: translate, then rotate, skew and scale, with opacity multiplied in.
 */
export type MotionState = {
  /** Translation as fractions of the box's width and height. */
  dx: number;
  dy: number;
  scaleX: number;
  scaleY: number;
  /** Degrees, clockwise. */
  rotate: number;
  /** Horizontal and vertical skew, degrees. */
  skewX: number;
  skewY: number;
  /** Multiplies the item's opacity, 0–1. */
  opacity: number;
  /** Blur, px of a 576-high stage (scaled by the drawing code). */
  blur: number;
  /** A reveal: what part of the box is visible (null = all of it). */
  clip: Clip | null;
};

/**
 * Visible part of the box: an inset rectangle (each side's inset as a fraction of the box's width
 * or height) or a circle centred on the box whose radius is a fraction of half the box's diagonal,
 * so radius 1 shows the whole box and 0 shows nothing.
 */
export type Clip =
  | { kind: 'inset'; top: number; right: number; bottom: number; left: number }
  | { kind: 'circle'; radius: number };

export const IDENTITY_MOTION: MotionState = {
  dx: 0,
  dy: 0,
  scaleX: 1,
  scaleY: 1,
  rotate: 0,
  skewX: 0,
  skewY: 0,
  opacity: 1,
  blur: 0,
  clip: null,
};

/** A rectangle in stage pixels. */
export type Rect = { x: number; y: number; width: number; height: number };

/**
 * The drawing surface an effect that paints (highlighters, container backgrounds) may use: the
 * Canvas 2D API shared by browsers and @napi-rs/canvas.
 */
export type Ctx2D = CanvasRenderingContext2D;

type EffectBase = {
  /** Stable name stored in projects. */
  name: string;
  /** What the editor shows. */
  label: string;
  family: EffectFamily;
};

/**
 * show / hide / container: `progress` runs 0 → 1 over the effect's duration. A show effect ends
 * at the identity (the item in place); a hide effect starts at it.
 * stay: `time` is seconds since the item appeared; it must start at the identity.
 */
export type MotionEffect = EffectBase & {
  family: 'show' | 'hide' | 'stay' | 'container';
  /** Seconds the effect takes by default (show, hide, container); stay effects repeat. */
  defaultDuration: number;
  motion(progressOrTime: number): MotionState;
};

/**
 * highlighter: draws over each line of text, `progress` 0 → 1 over its sweep.
 * container-background: paints the container's box; `time` is seconds since it appeared.
 */
export type PaintEffect = EffectBase & {
  family: 'highlighter' | 'container-background';
  defaultDuration: number;
  /**
   * highlighter: whether it belongs under the text (marker, glow) or over it (strike, scribble).
   * Absent means 'above'. An optional extension of the contract.
   */
  layer?: 'below' | 'above';
  paint(ctx: Ctx2D, rects: readonly Rect[], progressOrTime: number, color: string, scale: number): void;
};

export type Effect = MotionEffect | PaintEffect;
