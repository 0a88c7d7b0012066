import type { Config } from '../config';
import { createDiskStore } from './disk-store';
import type { FileStore } from './file-store';
import { createS3Store } from './s3-store';

export type { FileSendOptions, FileStore } from './file-store';

/** The file store the configuration asks for: `DATA_DIR/files` on disk, or an S3 bucket. */
export function createFileStore(config: Config): FileStore {
  const storage = config.storage;
  return storage.kind === 's3' ? createS3Store(storage) : createDiskStore(storage.dir);
}
