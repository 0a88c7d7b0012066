import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

describe('storage configuration', () => {
  it('defaults to the disk under DATA_DIR/files', () => {
    const config = loadConfig({ DATA_DIR: '/srv/reelwright' });
    expect(config.storage).toEqual({ kind: 'disk', dir: path.resolve('/srv/reelwright/files') });
  });

  it('reads the S3 settings with their defaults', () => {
    const config = loadConfig({
      STORAGE: 's3',
      S3_BUCKET: 'videos',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'videos',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      urlTtlSeconds: 3600,
    });
  });

  it('names every missing variable when STORAGE=s3 lacks them', () => {
    expect(() => loadConfig({ STORAGE: 's3', S3_ACCESS_KEY_ID: 'AKID' })).toThrow(ConfigError);
    try {
      loadConfig({ STORAGE: 's3', S3_ACCESS_KEY_ID: 'AKID' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('S3_BUCKET: required when STORAGE=s3');
      expect(message).toContain('S3_SECRET_ACCESS_KEY: required when STORAGE=s3');
      expect(message).not.toContain('S3_ACCESS_KEY_ID');
    }
  });

  it('rejects an unknown storage kind and a malformed endpoint', () => {
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE/);
    expect(() =>
      loadConfig({
        STORAGE: 's3',
        S3_BUCKET: 'b',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 's',
        S3_ENDPOINT: 'minio',
      }),
    ).toThrow(/S3_ENDPOINT/);
  });
});
