import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  getAddress,
  getContractAddress,
  http,
  type Chain,
  type TestClient,
  type WalletClient,
} from 'viem';
import { mnemonicToAccount, type HDAccount } from 'viem/accounts';
import type { Address, ChainAssetCode, Hex } from './adapter.ts';
import { testUsdtArtifact } from './test-usdt-artifact.ts';

/**
 * A local EVM chain for development and tests (ADR 015): Anvil, from the `@foundry-rs/anvil`
 * npm package, started as a child process on 127.0.0.1, with the test USDT deployed and a
 * funded faucet. The same EvmChainAdapter that talks to a real network talks to it.
 */

/** Anvil's well-known development mnemonic: its accounts are funded at genesis, on every machine. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
export const DEV_CHAIN_ID = 31337;
/** Dev account 0 deploys and owns the test USDT; account 1 is the faucet. */
const DEPLOYER_INDEX = 0;
const FAUCET_INDEX = 1;
/** What the faucet holds after start: 1,000,000,000 USDT, in base units (6 places). */
const FAUCET_USDT = 1_000_000_000n * 10n ** 6n;

/**
 * 'auto': a block per transaction (the default); 'manual': blocks only from `mine()`;
 * `{ intervalSeconds }`: a block every so many seconds, as a real chain.
 */
export type DevChainMining = 'auto' | 'manual' | { intervalSeconds: number };

export interface DevChainOptions {
  mining?: DevChainMining;
  chainId?: number;
  /** Port on 127.0.0.1; 0 (the default) lets the system pick a free one. */
  port?: number;
  /** Anvil's `--state`: load the chain from this file if it exists, write it there on stop. */
  stateFile?: string;
  /** An anvil binary to use instead of the npm package's. */
  binary?: string;
  /** Every line anvil prints (it logs each RPC method and mined transaction). */
  onOutput?: (line: string) => void;
  startTimeoutMs?: number;
}

export interface DevChain {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly usdt: Address;
  readonly deployer: Address;
  readonly faucet: Address;
  /** Anvil's own RPC methods (setCode, setBalance, …) for what the helpers below do not cover. */
  readonly testClient: TestClient<'anvil'>;
  /** A client that signs as dev account `index` (0 deployer, 1 faucet, 2 and 3 free). */
  devWallet(index: number): WalletClient;
  /** Sends from the faucet; returns the transaction hash (mined at once under 'auto' mining). */
  fund(to: Address, asset: ChainAssetCode, amount: bigint): Promise<Hex>;
  /** Waits until the transaction is mined and fails if it reverted. */
  waitMined(txHash: Hex): Promise<void>;
  /** Deploys another copy of the test token (a look-alike USDT for tests), minted to the faucet. */
  deployTestToken(): Promise<Address>;
  /** `evm_snapshot`: an id for `revert`; each id can be reverted to once. */
  snapshot(): Promise<Hex>;
  /** `evm_revert`: the chain goes back to the snapshot, dropping every block mined since. */
  revert(id: Hex): Promise<void>;
  /** `anvil_mine`: n empty blocks now. */
  mine(blocks?: number): Promise<void>;
  setMining(mining: DevChainMining): Promise<void>;
  /** The last lines anvil printed, for a failing test's message. */
  output(): string;
  stop(): Promise<void>;
}

/** The anvil binary of the platform package that `@foundry-rs/anvil` installs as optional. */
export function anvilBinary(): string {
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch as string];
  const os = { linux: 'linux', darwin: 'darwin', win32: 'win32' }[process.platform as string];
  if (!arch || !os) throw new Error(`no anvil package for ${process.platform}-${process.arch}`);
  const fromWrapper = createRequire(
    createRequire(import.meta.url).resolve('@foundry-rs/anvil/package.json'),
  );
  return fromWrapper.resolve(
    `@foundry-rs/anvil-${os}-${arch}/bin/anvil${os === 'win32' ? '.exe' : ''}`,
  );
}

/**
 * Anvil runs under a small shell that kills it when our end of its stdin closes: on stop(),
 * and also when this process dies in any way (a crash, SIGKILL), since the kernel closes the
 * pipe then, so no orphaned node keeps running and holding a port.
 */
const WATCHDOG = `exec 3<&0 0</dev/null
"$0" "$@" 3<&- &
child=$!
{ read -r _ <&3; kill -TERM "$child" 2>/dev/null; } &
watchdog=$!
exec 3<&-
wait "$child"
status=$?
kill "$watchdog" 2>/dev/null
exit "$status"`;

export async function startDevChain(options: DevChainOptions = {}): Promise<DevChain> {
  const chainId = options.chainId ?? DEV_CHAIN_ID;
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(options.port ?? 0),
    '--chain-id',
    String(chainId),
    '--mnemonic',
    ANVIL_MNEMONIC,
    '--accounts',
    '4',
    '--color',
    'never',
    ...(options.stateFile ? ['--state', options.stateFile] : []),
  ];
  const binary = options.binary ?? anvilBinary();
  const child =
    process.platform === 'win32'
      ? spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'] })
      : spawn('/bin/sh', ['-c', WATCHDOG, binary, ...args], {
          stdio: ['pipe', 'pipe', 'pipe'],
          // Its own process group, so a stop that times out can kill the shell and anvil together.
          detached: true,
        });
  const lines: string[] = [];
  const output = () => lines.join('\n');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let listening: (address: string) => void = () => {};
  const address = new Promise<string>((resolve) => (listening = resolve));
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      if (lines.length > 200) lines.shift();
      options.onOutput?.(line);
      const match = /Listening on (\S+:\d+)/.exec(line);
      if (match?.[1]) listening(match[1]);
    });
  }

  const stop = () => stopChild(child, exited);
  try {
    const hostPort = await Promise.race([
      address,
      exited.then(() => Promise.reject(new Error(`anvil exited during start:\n${output()}`))),
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`anvil did not start in time:\n${output()}`)),
          options.startTimeoutMs ?? 30_000,
        ).unref(),
      ),
    ]);
    const chain = await setUp(`http://${hostPort}`, chainId);
    await chain.setMining(options.mining ?? 'auto');
    return { ...chain, output, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  if (process.platform === 'win32') child.kill();
  else child.stdin?.end();
  const timeout = new Promise<'timeout'>((resolve) =>
    setTimeout(() => resolve('timeout'), 10_000).unref(),
  );
  if ((await Promise.race([exited, timeout])) === 'timeout' && child.pid !== undefined) {
    // The whole group: the shell, anvil and the watchdog (started by us, named by its id).
    process.kill(-child.pid, 'SIGKILL');
    await exited;
  }
}

type SetUpChain = Omit<DevChain, 'output' | 'stop'>;

/** Waits for the node to answer, then deploys the test USDT and fills the faucet. */
async function setUp(rpcUrl: string, chainId: number): Promise<SetUpChain> {
  const chain: Chain = defineChain({
    id: chainId,
    name: 'Sikka dev chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const transport = http(rpcUrl);
  const client = createPublicClient({ chain, transport, cacheTime: 0, pollingInterval: 50 });
  const test = createTestClient({ chain, transport, mode: 'anvil' });
  const deployer = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: DEPLOYER_INDEX });
  const faucet = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: FAUCET_INDEX });
  const wallet = (account: HDAccount) => createWalletClient({ chain, transport, account });
  const devWallet = (index: number): WalletClient =>
    wallet(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }));

  if ((await client.getChainId()) !== chainId) throw new Error('anvil answered another chain id');

  const waitMined = async (hash: Hex) => {
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 60_000 });
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
  };

  const deployTestToken = async (): Promise<Address> => {
    const hash = await wallet(deployer).deployContract({
      abi: testUsdtArtifact.abi,
      bytecode: testUsdtArtifact.bytecode,
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error('the test token was not deployed');
    // Receipts carry addresses in lowercase; the rest of the code compares checksummed ones.
    const token = getAddress(receipt.contractAddress);
    await waitMined(
      await wallet(deployer).writeContract({
        address: token,
        abi: testUsdtArtifact.abi,
        functionName: 'mint',
        args: [faucet.address, FAUCET_USDT],
      }),
    );
    return token;
  };

  // The deployer's first contract always lands at the same address; with a loaded --state
  // it is already there.
  const usdt = getContractAddress({ from: deployer.address, nonce: 0n });
  if (!(await client.getCode({ address: usdt }))) {
    await test.setAutomine(true);
    if ((await deployTestToken()) !== usdt) {
      throw new Error('the dev chain was used before the test USDT was deployed');
    }
  }

  // One faucet transaction at a time, so each takes the next nonce.
  let queue: Promise<unknown> = Promise.resolve();
  const fund = (to: Address, asset: ChainAssetCode, amount: bigint): Promise<Hex> => {
    const send = () =>
      asset === 'ETH'
        ? wallet(faucet).sendTransaction({ to, value: amount })
        : wallet(faucet).writeContract({
            address: usdt,
            abi: erc20Abi,
            functionName: 'transfer',
            args: [to, amount],
          });
    const sent = queue.then(send);
    queue = sent.catch(() => undefined);
    return sent;
  };

  return {
    rpcUrl,
    chainId,
    usdt,
    deployer: deployer.address,
    faucet: faucet.address,
    testClient: test,
    devWallet,
    fund,
    waitMined,
    deployTestToken,
    snapshot: () => test.snapshot(),
    revert: async (id) => {
      // viem drops anvil's answer; false means the id was unknown or already used.
      const reverted: unknown = await test.request({ method: 'evm_revert', params: [id] });
      if (reverted !== true) {
        throw new Error(`no snapshot ${id} to revert to`);
      }
    },
    mine: (blocks = 1) => test.mine({ blocks }),
    setMining: async (mining) => {
      if (mining === 'auto') {
        await test.setIntervalMining({ interval: 0 });
        await test.setAutomine(true);
      } else {
        await test.setAutomine(false);
        await test.setIntervalMining({
          interval: mining === 'manual' ? 0 : mining.intervalSeconds,
        });
      }
    },
  };
}
