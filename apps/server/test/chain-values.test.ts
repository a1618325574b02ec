import { describe, expect, it } from 'vitest';
import { ChainError, confirmations } from '../src/chain/adapter.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { fromBaseUnits, parseAddress, requireAddress, toBaseUnits } from '../src/chain/values.ts';

const ANVIL_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('EVM addresses', () => {
  it('accepts a checksummed or an all-lowercase address and answers checksummed', () => {
    expect(parseAddress(ANVIL_0)).toBe(ANVIL_0);
    expect(parseAddress(ANVIL_0.toLowerCase())).toBe(ANVIL_0);
    expect(parseAddress(`  ${ANVIL_0}\n`)).toBe(ANVIL_0);
  });

  it('refuses a checksummed address with one letter in the wrong case', () => {
    const flipped = ANVIL_0.replace('0xf39F', '0xF39F');
    expect(flipped).not.toBe(ANVIL_0);
    expect(parseAddress(flipped)).toBeNull();
    expect(() => requireAddress(flipped, 'the recipient')).toThrow(
      expect.objectContaining({ code: 'invalid_address' }),
    );
  });

  it('refuses malformed input and the zero address', () => {
    for (const bad of [
      '',
      '0x',
      '0x123',
      ANVIL_0.slice(2),
      `${ANVIL_0}0`,
      ANVIL_0.slice(0, -1),
      ANVIL_0.slice(0, -1) + 'g',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      '0x0000000000000000000000000000000000000000',
    ]) {
      expect(parseAddress(bad), bad).toBeNull();
    }
  });
});

describe('amounts in base units', () => {
  it('converts exact decimal strings both ways without floats', () => {
    expect(toBaseUnits('12.345678', 6)).toBe(12_345_678n);
    expect(toBaseUnits('0.000001', 6)).toBe(1n);
    expect(toBaseUnits('1', 18)).toBe(10n ** 18n);
    expect(toBaseUnits('0.000000000000000001', 18)).toBe(1n);
    // 2^64 ETH would overflow a double's 53-bit mantissa many times over.
    expect(toBaseUnits('18446744073709551616.000000000000000001', 18)).toBe(
      18446744073709551616n * 10n ** 18n + 1n,
    );
    expect(fromBaseUnits(12_345_678n, 6)).toBe('12.345678');
    expect(fromBaseUnits(1n, 18)).toBe('0.000000000000000001');
    expect(fromBaseUnits(0n, 6)).toBe('0.000000');
  });

  it('refuses more places than the asset has instead of rounding', () => {
    expect(() => toBaseUnits('0.0000001', 6)).toThrow(ChainError);
    expect(() => toBaseUnits('1.1234567', 6)).toThrow(/more than 6 decimal places/);
  });

  it('refuses anything that is not a plain non-negative decimal', () => {
    for (const bad of ['', '-1', '1e3', '.5', '5.', ' 1', '0x10', 'NaN', 'Infinity', '1,000']) {
      expect(() => toBaseUnits(bad, 6), bad).toThrow(
        expect.objectContaining({ code: 'invalid_amount' }),
      );
    }
  });
});

describe('confirmations', () => {
  it('counts the including block and every block on top of it', () => {
    expect(confirmations(100n, 99n)).toBe(0);
    expect(confirmations(100n, 100n)).toBe(1);
    expect(confirmations(100n, 111n)).toBe(12);
  });
});

describe('chain settings', () => {
  const real = {
    EVM_RPC_URL: 'https://rpc.example/v1',
    EVM_CHAIN_ID: '1',
    USDT_CONTRACT: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  };

  it('are optional, and a real network needs its chain id and USDT contract', () => {
    const unset = loadConfig({});
    expect([unset.EVM_RPC_URL, unset.EVM_CHAIN_ID, unset.USDT_CONTRACT]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(loadConfig(real)).toMatchObject({ ...real, EVM_CHAIN_ID: 1 });
    expect(() => loadConfig({ EVM_RPC_URL: real.EVM_RPC_URL })).toThrow(ConfigError);
    expect(() => loadConfig({ ...real, USDT_CONTRACT: '' })).toThrow(/USDT_CONTRACT/);
  });

  it('refuses a malformed URL, chain id or contract address at start-up', () => {
    for (const bad of [
      { EVM_RPC_URL: 'ws://node:8546' },
      { EVM_CHAIN_ID: '0' },
      { EVM_CHAIN_ID: '1.5' },
      { USDT_CONTRACT: '0x1234' },
    ]) {
      expect(() => loadConfig({ ...real, ...bad }), JSON.stringify(bad)).toThrow(ConfigError);
    }
  });
});
