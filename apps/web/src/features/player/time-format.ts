/**
 * The control bar's readout (spec 002 §2): a time as `h:mm:ss`, whole seconds rounded down, so
 * the readout ticks when the playhead passes a second. Negative or non-finite times read 0:00:00.
 */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds + 1e-6) : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** The readout of the playhead and the duration: `0:00:07 / 0:01:30`. */
export function formatReadout(playhead: number, duration: number): string {
  return `${formatClock(playhead)} / ${formatClock(duration)}`;
}
