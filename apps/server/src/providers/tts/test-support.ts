/** Helpers shared by the vendor adapters' tests (imported by tests only). */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { probeMedia } from '../../ffmpeg/probe';
import { ProviderError } from '../http/provider-error';

/** The length of MP3 bytes as ffprobe measures it. */
export async function ffprobeSeconds(mp3: Buffer): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tts-test-'));
  try {
    await writeFile(path.join(dir, 'a.mp3'), mp3);
    return (await probeMedia(path.join(dir, 'a.mp3'))).duration;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The ProviderError a call rejects with (fails the test when it resolves or throws anything else). */
export async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}
