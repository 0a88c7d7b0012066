/** The slides step's pure model (spec 001 §3–§5, §9): schemas, line breaking, presets, frames. */
export * from './build-frames';
export * from './constants';
export * from './contact-frames';
export * from './create-slides';
export * from './found-media';
export { hashString, slideFrameKey } from './frame-key';
export { mergeBuiltFrames } from './frame-ownership';
export { displayText, luminance, overlayTint, safeColor } from './frame-parts';
export * from './free-fit';
export * from './keyword-highlight';
export * from './layouts';
export * from './line-breaking';
export * from './presets';
export * from './schema';
export * from './slide-timing';
export * from './voice-sync';
