import { mkdtemp, readdir, readFile, rm, stat, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.ts';
import { keysFromMnemonic, loadEvmKeys, SEED_FILE } from '../src/chain/keys.ts';

const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

describe('EVM keys', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sikka-keys-'));
    dirs.push(dir);
    return dir;
  };
  const quiet = () => {
    const warnings: string[] = [];
    return { warnings, log: { warn: (m: string) => void warnings.push(m) } };
  };
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  it("derives BIP-44 m/44'/60'/0'/0/i as every wallet does (known test vectors)", () => {
    // Anvil's and Hardhat's default accounts come from this mnemonic on this path.
    const anvil = keysFromMnemonic(ANVIL_MNEMONIC);
    expect(anvil.depositAddress(0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(anvil.depositAddress(1)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(anvil.depositAddress(2)).toBe('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
    // The BIP-39 vector 'abandon … about' (no passphrase), as MetaMask and ethers derive it.
    const abandon = keysFromMnemonic(`${'abandon '.repeat(11)}about`);
    expect(abandon.depositAddress(0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it('gives each index its own address and keeps the hot wallet apart from all of them', () => {
    const keys = keysFromMnemonic(ANVIL_MNEMONIC);
    const addresses = Array.from({ length: 50 }, (_, i) => keys.depositAddress(i));
    expect(new Set(addresses).size).toBe(50);
    expect(addresses).not.toContain(keys.hotWallet.address);
    expect(keys.depositAccount(7).address).toBe(addresses[7]);
    for (const bad of [-1, 1.5, 2 ** 31, Number.NaN]) {
      expect(() => keys.depositAddress(bad), String(bad)).toThrow(RangeError);
    }
  });

  it('generates a seed into DATA_DIR (0600, atomically) with a warning, and reuses it on restart', async () => {
    const dir = await tempDir();
    const first = quiet();
    const keys = await loadEvmKeys({ DATA_DIR: dir }, first.log);
    expect(keys.source).toBe('generated');
    expect(first.warnings.join('\n')).toMatch(/GENERATED A NEW WALLET SEED/);

    const file = path.join(dir, SEED_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim().split(' ')).toHaveLength(24);
    // Only the seed: the temporary file it was written through is gone.
    expect(await readdir(dir)).toEqual([SEED_FILE]);

    const second = quiet();
    const again = await loadEvmKeys({ DATA_DIR: dir }, second.log);
    expect(again.source).toBe('file');
    expect(second.warnings).toHaveLength(1);
    for (const i of [0, 1, 2, 1000, 2 ** 31 - 1]) {
      expect(again.depositAddress(i)).toBe(keys.depositAddress(i));
    }
    expect(again.hotWallet.address).toBe(keys.hotWallet.address);
  });

  it('makes one seed when several processes start on an empty DATA_DIR at once', async () => {
    const dir = await tempDir();
    const all = await Promise.all(
      Array.from({ length: 6 }, () => loadEvmKeys({ DATA_DIR: dir }, quiet().log)),
    );
    expect(new Set(all.map((k) => k.hotWallet.address)).size).toBe(1);
    expect(all.filter((k) => k.source === 'generated')).toHaveLength(1);
    expect(await readdir(dir)).toEqual([SEED_FILE]);
  });

  it('uses EVM_MNEMONIC when set and writes nothing', async () => {
    const dir = await tempDir();
    const keys = await loadEvmKeys({ DATA_DIR: dir, EVM_MNEMONIC: ANVIL_MNEMONIC }, quiet().log);
    expect(keys.source).toBe('setting');
    expect(keys.depositAddress(0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses an invalid mnemonic, a damaged seed file and one others can read', async () => {
    const dir = await tempDir();
    // Twelve valid words whose checksum does not match.
    const badChecksum = 'test '.repeat(12).trim();
    await expect(
      loadEvmKeys({ DATA_DIR: dir, EVM_MNEMONIC: badChecksum }, quiet().log),
    ).rejects.toBeInstanceOf(ConfigError);

    const file = path.join(dir, SEED_FILE);
    await writeFile(file, 'not a seed\n', { mode: 0o600 });
    await expect(loadEvmKeys({ DATA_DIR: dir }, quiet().log)).rejects.toBeInstanceOf(ConfigError);
    // Never replaced by a new seed: addresses already given out derive from the old one.
    expect(await readFile(file, 'utf8')).toBe('not a seed\n');

    await writeFile(file, ANVIL_MNEMONIC + '\n');
    await chmod(file, 0o644);
    await expect(loadEvmKeys({ DATA_DIR: dir }, quiet().log)).rejects.toThrow(/chmod 600/);
  });

  it('never prints the mnemonic when the keys are logged', () => {
    const keys = keysFromMnemonic(ANVIL_MNEMONIC);
    for (const text of [inspect(keys, { depth: 5 }), JSON.stringify(keys), String(keys)]) {
      expect(text).not.toMatch(/test test|junk/);
    }
  });
});
