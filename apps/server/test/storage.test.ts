import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycDocumentPath } from '@sikka/contracts';
import { logInAdmin, signUp, startTestApp } from '../../../test/support/app.ts';
import {
  LocalDocumentStorage,
  S3DocumentStorage,
  createDocumentStorage,
  type DocumentStorage,
} from '../src/storage/index.ts';
import { kycFormData, submitKyc, validParts } from '../../../test/support/kyc-fixtures.ts';

const BUCKET = 'sikka-kyc-test';

/** A local S3-compatible server (s3rver) on 127.0.0.1, files in a temporary directory. */
let s3: S3rver;
let s3Dir: string;
let s3Endpoint: string;
beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(tmpdir(), 'sikka-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3.close();
  await rm(s3Dir, { recursive: true, force: true });
});

const s3Config = () => ({
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: s3Endpoint,
  S3_REGION: 'ap-south-1',
  // s3rver's fixed test credentials.
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
});

async function roundTrip(storage: DocumentStorage) {
  const key = `${randomUUID()}/${randomUUID()}.jpg`;
  // Binary content with every byte value, larger than one network chunk.
  const data = Buffer.concat([
    Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    randomBytes(3 * 1024 * 1024),
  ]);
  expect(await storage.get(key)).toBeNull();
  await storage.put(key, data, 'image/jpeg');
  expect((await storage.get(key))!.equals(data)).toBe(true);
  await storage.delete(key);
  expect(await storage.get(key)).toBeNull();
  await storage.delete(key); // deleting twice is fine
}

describe('document storage', () => {
  it('S3 adapter: put, get, delete round trip against a local S3-compatible server', async () => {
    const storage = createDocumentStorage({ DATA_DIR: '/nonexistent', ...s3Config() });
    expect(storage).toBeInstanceOf(S3DocumentStorage);
    await roundTrip(storage);
    (storage as S3DocumentStorage).destroy();
  });

  it('local adapter: round trip with 0700 folders and 0600 files', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sikka-docs-'));
    try {
      const storage = createDocumentStorage({ DATA_DIR: dir });
      expect(storage).toBeInstanceOf(LocalDocumentStorage);
      await roundTrip(storage);
      const key = `${randomUUID()}/${randomUUID()}.pdf`;
      await storage.put(key, Buffer.from('%PDF-1.7'), 'application/pdf');
      expect((await stat(path.join(dir, 'documents'))).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(dir, 'documents', key.split('/')[0]!))).mode & 0o777).toBe(
        0o700,
      );
      expect((await stat(path.join(dir, 'documents', key))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses keys that could leave the storage root', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sikka-docs-'));
    try {
      const storage = new LocalDocumentStorage(dir);
      for (const key of [
        '../x.jpg',
        'a/../../x.jpg',
        '/etc/passwd',
        'a\\b.jpg',
        '',
        'a//b.jpg',
        'a/.hidden',
      ]) {
        await expect(storage.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toThrow();
        await expect(storage.get(key), key).rejects.toThrow();
      }
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a KYC submission on S3 storage is served back to the owner and the admin', async () => {
    const t = await startTestApp('pglite', s3Config());
    try {
      const u = await signUp(t.app);
      const res = await submitKyc(t.app, u.cookie, kycFormData(await validParts()));
      expect(res.statusCode, res.body).toBe(200);
      // Nothing went to local disk: the documents live in the bucket.
      expect(await readdir(t.dataDir)).not.toContain('documents');
      const row = (
        await t.app.db.query<{ bank_statement_url: string }>(
          'SELECT bank_statement_url FROM users WHERE id = $1',
          [u.id],
        )
      )[0]!;
      const direct = new S3DocumentStorage({
        bucket: BUCKET,
        endpoint: s3Endpoint,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      });
      expect((await direct.get(row.bank_statement_url))!.subarray(0, 5).toString()).toBe('%PDF-');
      direct.destroy();

      for (const cookie of [u.cookie, await logInAdmin(t.app)]) {
        const doc = await t.app.inject({
          method: 'GET',
          url: kycDocumentPath(u.id, 'bankStatement'),
          headers: { cookie },
        });
        expect(doc.statusCode).toBe(200);
        expect(doc.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      }
    } finally {
      await t.close();
    }
  });
});
