/** What the player knows about its audio: still loading its metadata, ready, or failed to load. */
export type AudioStatus = 'loading' | 'ready' | 'failed';

/** The readout's placeholder while the length is unknown (loading, or a stream with no end). */
export const UNKNOWN_TIME = '–:––';

/** What a failed player tells the author, on its error icon. */
export const CANNOT_PLAY = 'This audio cannot be played.';

/** A time as `m:ss`, whole seconds rounded down; an unknown (non-finite) time reads `–:––`. */
export function formatShort(seconds: number): string {
  if (!Number.isFinite(seconds)) return UNKNOWN_TIME;
  const whole = Math.floor(Math.max(0, seconds) + 1e-6);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The full player's readout: `0:07 / 1:30`, or `0:00 / –:––` while the length is unknown. */
export function formatReadout(time: number, duration: number): string {
  return `${formatShort(time)} / ${formatShort(duration)}`;
}

/** Where a seek to `fraction` (0–1 of the slider) lands, s: clamped to the audio; 0 for an unknown length. */
export function seekTime(fraction: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0 || Number.isNaN(fraction)) return 0;
  return Math.min(Math.max(fraction, 0), 1) * duration;
}

/** How far the playhead is through the audio, 0–1 (0 while the length is unknown). */
export function playedFraction(time: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(time)) return 0;
  return Math.min(Math.max(time / duration, 0), 1);
}

/** Play is offered until the audio has failed to load: a loading audio starts once it can. */
export function canPlay(status: AudioStatus): boolean {
  return status !== 'failed';
}

/** Seeking needs a known, positive length. */
export function canSeek(status: AudioStatus, duration: number): boolean {
  return status === 'ready' && Number.isFinite(duration) && duration > 0;
}

/** The error icon's tooltip: the fixed sentence, then the server's reason when it gave one. */
export function failureMessage(reason: string | null): string {
  return reason ? `${CANNOT_PLAY} ${reason}` : CANNOT_PLAY;
}
