import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import solc from 'solc';

/**
 * Compiles the dev chain's test USDT (test-usdt.sol) with solc-js and OpenZeppelin, both
 * devDependencies pinned to exact versions so that a compile is reproducible byte for byte.
 * Only the build script (src/scripts/build-test-token.ts) and its drift test import this
 * file; the server loads the committed artifact and never needs the compiler.
 */

export const TEST_USDT_SOURCE_FILE = path.join(import.meta.dirname, 'test-usdt.sol');
const SOURCE_NAME = 'test-usdt.sol';
const CONTRACT_NAME = 'TestUSDT';

export interface CompiledTestUsdt {
  compiler: string;
  openZeppelin: string;
  /** SHA-256 of test-usdt.sol as read, hex. */
  sourceSha256: string;
  abi: unknown[];
  bytecode: `0x${string}`;
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>
  >;
}

const require = createRequire(import.meta.url);
const ozRoot = path.dirname(require.resolve('@openzeppelin/contracts/package.json'));
const OZ_PREFIX = '@openzeppelin/contracts/';

/** solc asks for each import by the name written in the source; only OpenZeppelin's exist. */
function findImport(name: string): { contents: string } | { error: string } {
  if (!name.startsWith(OZ_PREFIX) || name.includes('..')) return { error: `not found: ${name}` };
  try {
    return { contents: readFileSync(path.join(ozRoot, name.slice(OZ_PREFIX.length)), 'utf8') };
  } catch {
    return { error: `not found: ${name}` };
  }
}

export function compileTestUsdt(): CompiledTestUsdt {
  const source = readFileSync(TEST_USDT_SOURCE_FILE, 'utf8');
  const input = {
    language: 'Solidity',
    sources: { [SOURCE_NAME]: { content: source } },
    settings: {
      // Named, not left to the compiler's default, so a solc upgrade alone cannot change it.
      evmVersion: 'cancun',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { [SOURCE_NAME]: { [CONTRACT_NAME]: ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), { import: findImport }) as string,
  ) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }
  const contract = output.contracts?.[SOURCE_NAME]?.[CONTRACT_NAME];
  if (!contract) throw new Error(`solc produced no ${CONTRACT_NAME}`);
  return {
    compiler: solc.version() as string,
    openZeppelin: (require('@openzeppelin/contracts/package.json') as { version: string }).version,
    sourceSha256: createHash('sha256').update(source).digest('hex'),
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
  };
}
