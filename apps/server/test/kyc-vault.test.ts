import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.ts';
import { KEY_FILE, loadVaultKey, openAadhaar, sealAadhaar } from '../src/kyc/vault.ts';

describe('Aadhaar vault key', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sikka-vault-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  it('takes KYC_ENCRYPTION_KEY as 64 hex digits or base64 of 32 bytes', async () => {
    const raw = randomBytes(32);
    const dir = await tempDir();
    const hex = await loadVaultKey({ DATA_DIR: dir, KYC_ENCRYPTION_KEY: raw.toString('hex') });
    const b64 = await loadVaultKey({ DATA_DIR: dir, KYC_ENCRYPTION_KEY: raw.toString('base64') });
    expect(hex.key.equals(raw)).toBe(true);
    expect(b64.key.equals(raw)).toBe(true);
    expect(hex.version).toBe(b64.version);
    // Nothing written to DATA_DIR when the key comes from the environment.
    await expect(stat(path.join(dir, KEY_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a key of the wrong length or form at start-up', async () => {
    const dir = await tempDir();
    for (const bad of [
      'short',
      randomBytes(16).toString('hex'),
      randomBytes(31).toString('base64'),
      'z'.repeat(64),
    ]) {
      await expect(
        loadVaultKey({ DATA_DIR: dir, KYC_ENCRYPTION_KEY: bad }),
        bad,
      ).rejects.toBeInstanceOf(ConfigError);
    }
  });

  it('generates a key into DATA_DIR (0600) on first start and reuses it after', async () => {
    const dir = await tempDir();
    const first = await loadVaultKey({ DATA_DIR: dir });
    expect((await stat(path.join(dir, KEY_FILE))).mode & 0o777).toBe(0o600);
    expect((await readFile(path.join(dir, KEY_FILE), 'utf8')).trim()).toBe(
      first.key.toString('hex'),
    );
    const second = await loadVaultKey({ DATA_DIR: dir });
    expect(second.key.equals(first.key)).toBe(true);
  });

  it('seals with a fresh IV each time and detects tampering', async () => {
    const vault = await loadVaultKey({ DATA_DIR: await tempDir() });
    const user = randomUUID();
    const a = sealAadhaar(vault, user, '234123412346');
    const b = sealAadhaar(vault, user, '234123412346');
    expect(a.iv.equals(b.iv)).toBe(false);
    expect(a.ciphertext.equals(b.ciphertext)).toBe(false);
    expect(openAadhaar(vault, user, b)).toBe('234123412346');
    const tampered = { ...a, ciphertext: Buffer.from(a.ciphertext) };
    tampered.ciphertext[0]! ^= 1;
    expect(() => openAadhaar(vault, user, tampered)).toThrow();
    const otherKey = await loadVaultKey({ DATA_DIR: await tempDir() });
    expect(() => openAadhaar(otherKey, user, a)).toThrow();
  });
});
