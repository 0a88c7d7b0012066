/** Cues as caption files: SubRip (`.srt`) for video sites and WebVTT (`.vtt`) for the web player. */
import type { Cue } from './cues';

function clock(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

/** A cue's lines, none blank: a blank line would end the cue early. */
const cueText = (cue: Cue) => cue.lines.map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean);

export function toSrt(cues: readonly Cue[]): string {
  return cues
    .map((cue, i) => `${i + 1}\n${clock(cue.start, ',')} --> ${clock(cue.end, ',')}\n${cueText(cue).join('\n')}\n`)
    .join('\n');
}

/** WebVTT's text escapes; with '>' escaped a line can never hold the cue arrow. */
const escapeVtt = (line: string) => line.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function toVtt(cues: readonly Cue[]): string {
  const body = cues.map(
    (cue) => `${clock(cue.start, '.')} --> ${clock(cue.end, '.')}\n${cueText(cue).map(escapeVtt).join('\n')}\n`,
  );
  return ['WEBVTT\n', ...body].join('\n');
}
