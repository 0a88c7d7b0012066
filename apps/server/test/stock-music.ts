import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MusicLibrary } from '../src/music/service';
import { STOCK_TRACKS } from '../src/music/tracks';
import { createDiskStore } from '../src/storage/disk-store';

/**
 * A suite's global setup: makes the stock music once, as a server does at its first start, and
 * names its folder in the environment the test files inherit, so the servers they start find the
 * tracks stored (testkit's startServerProcess copies them in). Returns the teardown.
 */
export async function seedStockMusic(): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(tmpdir(), 'rw-stock-music-'));
  let failure = '';
  const library = new MusicLibrary({
    files: createDiskStore(root),
    log: (message) => {
      failure = message;
    },
  });
  library.prepare();
  await library.settled();
  const { tracks } = await library.list();
  if (tracks.length !== STOCK_TRACKS.length) throw new Error(`The stock music was not made: ${failure}`);
  process.env.TEST_STOCK_MUSIC_DIR = path.join(root, 'music');
  return async () => {
    await library.close();
    await rm(root, { recursive: true, force: true });
  };
}
