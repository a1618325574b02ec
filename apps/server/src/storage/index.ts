import path from 'node:path';
import type { Config } from '../config.ts';
import type { DocumentStorage } from './document-storage.ts';
import { LocalDocumentStorage } from './local-storage.ts';
import { S3DocumentStorage } from './s3-storage.ts';

export type { DocumentStorage } from './document-storage.ts';
export { LocalDocumentStorage } from './local-storage.ts';
export { S3DocumentStorage } from './s3-storage.ts';

/** S3-compatible storage when S3_BUCKET is set, otherwise local disk under DATA_DIR/documents. */
export function createDocumentStorage(
  config: Pick<Config, 'DATA_DIR'> &
    Partial<
      Pick<
        Config,
        'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
      >
    >,
): DocumentStorage {
  if (config.S3_BUCKET) {
    return new S3DocumentStorage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return new LocalDocumentStorage(path.resolve(config.DATA_DIR, 'documents'));
}
