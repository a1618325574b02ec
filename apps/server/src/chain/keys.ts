import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { inspect } from 'node:util';
import { generateMnemonic, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { HDKey, hdKeyToAccount, type HDAccount, type LocalAccount } from 'viem/accounts';
import type { Config } from '../config.ts';
import { ConfigError } from '../config.ts';
import type { Address } from './adapter.ts';

/**
 * The installation's keys (ADR 015): one BIP-39 mnemonic, from which BIP-44 derives
 *   deposit address of user index i   m/44'/60'/0'/0/i   (account 0)
 *   hot wallet                         m/44'/60'/1'/0/0   (account 1)
 * The hot wallet is a separate BIP-44 account rather than a reserved index of account 0, so
 * no user index can ever collide with it, and a production signer can be given account 1
 * alone (its extended key) without the keys of any deposit address.
 */
export const SEED_FILE = 'evm-seed';
export const DEPOSIT_ACCOUNT = 0;
export const HOT_WALLET_ACCOUNT = 1;
/** BIP-32 non-hardened indexes are below 2^31. */
export const MAX_DEPOSIT_INDEX = 2 ** 31 - 1;

export type SeedSource = 'setting' | 'file' | 'generated';

export interface EvmKeys {
  /** Where the mnemonic came from: EVM_MNEMONIC, DATA_DIR/evm-seed, or generated just now. */
  readonly source: SeedSource;
  depositAddress(index: number): Address;
  /** The signing account of a deposit address (to sweep it later). */
  depositAccount(index: number): HDAccount;
  /** Any signer viem can use: a derived key here, a KMS-backed `toAccount` in production. */
  readonly hotWallet: LocalAccount;
}

class MnemonicKeys implements EvmKeys {
  readonly #root: HDKey;
  readonly #addresses = new Map<number, Address>();
  readonly hotWallet: HDAccount;

  constructor(
    mnemonic: string,
    readonly source: SeedSource,
  ) {
    // PBKDF2 with 2048 rounds: done once here, not per derived address.
    this.#root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic));
    this.hotWallet = hdKeyToAccount(this.#root, { accountIndex: HOT_WALLET_ACCOUNT });
  }

  depositAccount(index: number): HDAccount {
    if (!Number.isSafeInteger(index) || index < 0 || index > MAX_DEPOSIT_INDEX) {
      throw new RangeError(`deposit index must be an integer from 0 to ${MAX_DEPOSIT_INDEX}`);
    }
    return hdKeyToAccount(this.#root, { accountIndex: DEPOSIT_ACCOUNT, addressIndex: index });
  }

  depositAddress(index: number): Address {
    let address = this.#addresses.get(index);
    if (!address) {
      address = this.depositAccount(index).address;
      this.#addresses.set(index, address);
    }
    return address;
  }

  // A log line or an error report that prints the keys shows no secret.
  [inspect.custom]() {
    return `EvmKeys { source: '${this.source}', hotWallet: '${this.hotWallet.address}' }`;
  }
  toJSON() {
    return { source: this.source, hotWallet: this.hotWallet.address };
  }
}

/** BIP-39 words are compared after NFKD and single spaces; people paste with line breaks. */
const normalise = (mnemonic: string) => mnemonic.normalize('NFKD').trim().split(/\s+/).join(' ');

function checkedMnemonic(text: string, source: string): string {
  const mnemonic = normalise(text);
  if (!validateMnemonic(mnemonic, wordlist)) {
    throw new ConfigError(`${source} is not a valid BIP-39 mnemonic (English words, checksum)`);
  }
  return mnemonic;
}

export function keysFromMnemonic(mnemonic: string, source: SeedSource = 'setting'): EvmKeys {
  return new MnemonicKeys(checkedMnemonic(mnemonic, 'the mnemonic'), source);
}

export interface KeyLog {
  warn(message: string): void;
}

/**
 * EVM_MNEMONIC when set; otherwise DATA_DIR/evm-seed, generated on the first start (24 words,
 * mode 0600) and reused after. Losing that file loses every deposit address's coins and the
 * hot wallet's, so it warns loudly each start: a real installation sets EVM_MNEMONIC from a
 * secret store, or better keeps the seed in a KMS/HSM signer (ADR 015).
 */
export async function loadEvmKeys(
  config: Pick<Config, 'DATA_DIR'> & Partial<Pick<Config, 'EVM_MNEMONIC'>>,
  log: KeyLog = { warn: (message) => console.warn(message) },
): Promise<EvmKeys> {
  if (config.EVM_MNEMONIC) {
    return new MnemonicKeys(checkedMnemonic(config.EVM_MNEMONIC, 'EVM_MNEMONIC'), 'setting');
  }
  const dir = path.resolve(config.DATA_DIR);
  const file = path.join(dir, SEED_FILE);
  const existing = await readSeedFile(file);
  if (existing !== null) {
    log.warn(
      `EVM wallet seed read from ${file}. Anyone who can read that file can take every ` +
        'deposit and the hot wallet; set EVM_MNEMONIC from a secret store for real funds.',
    );
    return new MnemonicKeys(existing, 'file');
  }
  const { mnemonic, created } = await createSeedFile(dir, file);
  log.warn(
    created
      ? `!!! EVM_MNEMONIC is not set: GENERATED A NEW WALLET SEED in ${file}. Every deposit ` +
          'address and the hot wallet derive from it; losing the file loses their coins. Back ' +
          'it up with the database, and set EVM_MNEMONIC (or a KMS signer) before holding real funds.'
      : `EVM wallet seed read from ${file} (another process created it just now).`,
  );
  return new MnemonicKeys(mnemonic, created ? 'generated' : 'file');
}

async function readSeedFile(file: string): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  // A damaged seed file is never replaced: a new seed would orphan every address already given out.
  const mnemonic = checkedMnemonic(text, file);
  const { mode } = await stat(file);
  // Windows reports no POSIX permission bits worth checking.
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new ConfigError(
      `${file} is readable by other users (mode ${(mode & 0o777).toString(8)}); chmod 600 it`,
    );
  }
  return mnemonic;
}

/**
 * Written whole to a private temporary file, flushed, then linked to its name: link() fails
 * if the name exists, so of two processes starting at once one creates the seed and the
 * other reads it, and a crash mid-write leaves no half-written seed under the real name.
 */
async function createSeedFile(
  dir: string,
  file: string,
): Promise<{ mnemonic: string; created: boolean }> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const mnemonic = generateMnemonic(wordlist, 256);
  const temp = path.join(dir, `.${SEED_FILE}.${process.pid}.${randomBytes(6).toString('hex')}`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(mnemonic + '\n');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const theirs = await readSeedFile(file);
    if (theirs === null) throw err;
    return { mnemonic: theirs, created: false };
  } finally {
    await unlink(temp);
  }
  await syncDir(dir);
  return { mnemonic, created: true };
}

/** Makes the new directory entry itself durable (a no-op where directories cannot be opened). */
async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows cannot fsync a directory; the file's own data is already flushed.
  }
}
