/**
 * Spec 002's strings are requirements, written as the spec writes them (D93): each text it quotes
 * for a user to read appears, with the spec's exact letters and case, in the web app's sources or
 * core's shared messages. Strings the spec quotes that are data rather than text (the default
 * keyword, an engine name, the '{type}-{engine}' key, the playlist's optional names) are left out.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, repoRoot as root } from './support/files';

/** Every text spec 002 quotes for the user, verbatim ({detail} is filled in at run time). */
const SPEC_002_STRINGS = [
  'The full video editor app is designed for desktop. Please use a desktop computer to view this page.',
  'Easy Voice Recorder',
  'Resize',
  'Download',
  'Replace',
  'Add as new',
  'Attach',
  'Add to timeline',
  'Background music',
  'Watermark',
  'Resize video',
  'Background Color',
  'Animation/FX',
  'Borders/Shadows/Filters',
  'Keyframes',
  'Duplicate',
  'Delete',
  'Play selected',
  'Stop',
  'Play from start',
  'Play from cursor',
  'See all videos',
  'Video tutorials',
  'Trim video',
  'Save audio',
  'Change audio?',
  'keep recording until stopped',
  'Please enter some text first',
  'Please create a free account to try text to speech feature',
  'Failed to find any audio devices',
  'Recording device error: ',
  'Trying to remove background. This can take a while.',
];

/** The app's and the shared messages' source text, tests left out. */
const sources = ['apps/web/src', 'packages/core/src']
  .flatMap((dir) => listFiles(dir, (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)))
  .map((file) => readFileSync(path.join(root, file), 'utf8'))
  .join('\n');

describe('spec 002 strings in the web app', () => {
  it.each(SPEC_002_STRINGS)('shows %j as the spec writes it', (text) => {
    expect(sources.includes(text)).toBe(true);
  });
});
