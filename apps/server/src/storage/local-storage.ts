import { chmod, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, type DocumentStorage } from './document-storage.ts';

/**
 * Documents on local disk under `root` (DATA_DIR/documents by default). Directories are
 * 0700 and files 0600: only the server's own account may read identity documents.
 */
export class LocalDocumentStorage implements DocumentStorage {
  readonly kind = 'local' as const;
  private readonly root: string;
  private ready: Promise<void> | null = null;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private ensureRoot(): Promise<void> {
    this.ready ??= (async () => {
      await mkdir(this.root, { recursive: true, mode: 0o700 });
      // mkdir's mode applies only to directories it creates; tighten an existing one too.
      await chmod(this.root, 0o700);
    })();
    return this.ready;
  }

  /** The file path of a key, checked to stay inside the root. */
  private file(key: string): string {
    assertValidKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error('storage key escapes the root');
    return file;
  }

  async put(key: string, data: Buffer, _contentType?: string): Promise<void> {
    const file = this.file(key);
    await this.ensureRoot();
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // 'wx': keys are random, so an existing file means a bug; never overwrite silently.
    await writeFile(file, data, { mode: 0o600, flag: 'wx' });
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}
