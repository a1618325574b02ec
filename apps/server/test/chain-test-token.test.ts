import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testUsdtArtifact } from '../src/chain/test-usdt-artifact.ts';
import { compileTestUsdt, TEST_USDT_SOURCE_FILE } from '../src/chain/test-usdt-compile.ts';

const REBUILD =
  'out of date: run `npm run build:test-token -w @sikka/server` and commit the result';

describe('test USDT artifact', () => {
  it('is what the pinned solc makes of test-usdt.sol today (no drift)', () => {
    const source = readFileSync(TEST_USDT_SOURCE_FILE, 'utf8');
    expect(testUsdtArtifact.sourceSha256, REBUILD).toBe(
      createHash('sha256').update(source).digest('hex'),
    );
    const fresh = compileTestUsdt();
    expect(testUsdtArtifact.compiler, REBUILD).toBe(fresh.compiler);
    expect(testUsdtArtifact.openZeppelin, REBUILD).toBe(fresh.openZeppelin);
    expect(testUsdtArtifact.abi, REBUILD).toEqual(fresh.abi);
    expect(testUsdtArtifact.bytecode, REBUILD).toBe(fresh.bytecode);
  });

  it('is an ERC-20 with a mint', () => {
    const names = testUsdtArtifact.abi.filter((i) => i.type === 'function').map((i) => i.name);
    expect(names).toEqual(
      expect.arrayContaining(['decimals', 'transfer', 'balanceOf', 'mint', 'owner']),
    );
  });
});
