import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { ConfigError } from '../config.ts';
import type { Queryable } from '../db/index.ts';

/**
 * The AES-256-GCM key of the vault (Aadhaar numbers; bank account numbers users add, ADR 014)
 * and a short fingerprint stored beside each record.
 */
export interface VaultKey {
  key: Buffer;
  /** First 16 hex digits of SHA-256(key): says which key sealed a record, reveals nothing of it. */
  version: string;
}

export const KEY_FILE = 'kyc-encryption.key';

function parseKey(text: string, source: string): Buffer {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  // 32 bytes are 43 base64 characters plus one '=' of padding (optional here).
  if (/^[A-Za-z0-9+/]{43}=?$/.test(t)) return Buffer.from(t, 'base64');
  throw new ConfigError(`${source} must be a 32-byte key written as 64 hex digits or base64`);
}

const toVaultKey = (key: Buffer): VaultKey => ({
  key,
  version: createHash('sha256').update(key).digest('hex').slice(0, 16),
});

/**
 * KYC_ENCRYPTION_KEY when set; otherwise DATA_DIR/kyc-encryption.key, generated (0600) on the
 * first start and reused after, so the embedded default needs no setup. Losing that file
 * makes the stored Aadhaar and bank account numbers unreadable, so it belongs in the same backup as the database.
 */
export async function loadVaultKey(
  config: Pick<Config, 'DATA_DIR'> & Partial<Pick<Config, 'KYC_ENCRYPTION_KEY'>>,
): Promise<VaultKey> {
  if (config.KYC_ENCRYPTION_KEY)
    return toVaultKey(parseKey(config.KYC_ENCRYPTION_KEY, 'KYC_ENCRYPTION_KEY'));
  const dir = path.resolve(config.DATA_DIR);
  const file = path.join(dir, KEY_FILE);
  try {
    return toVaultKey(parseKey(await readFile(file, 'utf8'), file));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  try {
    // 'wx': when two instances start at once, the second one reads the first one's key.
    await writeFile(file, key.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return toVaultKey(parseKey(await readFile(file, 'utf8'), file));
  }
  return toVaultKey(key);
}

export interface Sealed {
  ciphertext: Buffer;
  iv: Buffer;
  tag: Buffer;
  keyVersion: string;
}
export type SealedAadhaar = Sealed;

/**
 * AES-256-GCM with a random IV. `associatedData` names what the text belongs to: a record
 * moved to another owner (or another kind of record) no longer opens.
 */
export function seal(vault: VaultKey, associatedData: string, text: string): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', vault.key, iv);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return { ciphertext, iv, tag: cipher.getAuthTag(), keyVersion: vault.version };
}

/** Byte columns come back as Buffer from `pg` and Uint8Array from PGlite; both are accepted. */
export function open(
  vault: VaultKey,
  associatedData: string,
  sealed: { ciphertext: Uint8Array; iv: Uint8Array; tag: Uint8Array },
): string {
  const decipher = createDecipheriv('aes-256-gcm', vault.key, Buffer.from(sealed.iv));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(Buffer.from(sealed.tag));
  return Buffer.concat([
    decipher.update(Buffer.from(sealed.ciphertext)),
    decipher.final(),
  ]).toString('utf8');
}

/**
 * A key for another use than the vault's encryption (an HMAC), derived from the vault key
 * with HKDF-SHA256 under the use's name: one secret to keep, no key used by two algorithms.
 */
export function derivedKey(vault: VaultKey, use: string): Buffer {
  return Buffer.from(hkdfSync('sha256', vault.key, Buffer.alloc(0), `sikka/${use}`, 32));
}

/** The user id is bound in as associated data, so a record cannot be moved to another user. */
export const sealAadhaar = (vault: VaultKey, userId: string, aadhaar: string): SealedAadhaar =>
  seal(vault, userId, aadhaar);

export const openAadhaar = (
  vault: VaultKey,
  userId: string,
  sealed: { ciphertext: Uint8Array; iv: Uint8Array; tag: Uint8Array },
): string => open(vault, userId, sealed);

/** One vault row per user; a re-submission replaces it. */
export async function storeSealedAadhaar(
  tx: Queryable,
  userId: string,
  sealed: SealedAadhaar,
): Promise<void> {
  await tx.query(
    `INSERT INTO kyc_vault (user_id, ciphertext, iv, tag, key_version) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE
       SET ciphertext = EXCLUDED.ciphertext, iv = EXCLUDED.iv, tag = EXCLUDED.tag,
           key_version = EXCLUDED.key_version, updated_at = now()`,
    [userId, sealed.ciphertext, sealed.iv, sealed.tag, sealed.keyVersion],
  );
}
