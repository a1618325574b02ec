import type { AccountNotifier } from '../notifications/account-events.ts';
import path from 'node:path';
import {
  compareDecimal,
  FAUCET_LIMITS,
  messages,
  type FaucetRequest,
  type FaucetResponse,
} from '@sikka/contracts';
import type { ChainAdapter } from '../chain/adapter.ts';
import { startDevChain, type DevChain } from '../chain/dev-chain.ts';
import { EvmChainAdapter } from '../chain/evm-adapter.ts';
import { loadEvmKeys } from '../chain/keys.ts';
import { toBaseUnits } from '../chain/values.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { DomainError } from '../domain-error.ts';
import { depositAddressFor } from './chain-deposits.ts';
import { DepositWatcher, type WatcherLogger } from './deposit-watcher.ts';
import { WithdrawalSender } from './withdrawal-sender.ts';

/**
 * The running app's crypto wallet (issue 15 phase 3, ADR 015): the chain it is on, the
 * adapter, and the deposit watcher's loop. Built once by buildApp from EVM_CHAIN.
 */
export interface CryptoWallet {
  readonly adapter: ChainAdapter;
  /** What the deposit screen calls the network. */
  readonly network: string;
  /** The local Anvil chain on EVM_CHAIN=dev: its faucet funds test deposits. Null on a real network. */
  readonly devChain: DevChain | null;
  readonly watcher: DepositWatcher;
  /** Signs, sends and follows approved crypto withdrawals. */
  readonly sender: WithdrawalSender;
  /** Stops the watcher and the sender, then the dev chain if this wallet started it. */
  close(): Promise<void>;
}

/** Where the dev chain keeps its state, next to the database, so both survive a restart together. */
export const ANVIL_STATE_FILE = 'anvil-state.json';

const NETWORK_NAMES: Readonly<Record<number, string>> = {
  1: 'Ethereum',
  11155111: 'Ethereum Sepolia (testnet)',
  56: 'BNB Smart Chain',
  137: 'Polygon',
  10: 'OP Mainnet',
  8453: 'Base',
  42161: 'Arbitrum One',
};

export const DEV_NETWORK_NAME = 'Ethereum (local dev chain)';

export const networkName = (chainId: number): string =>
  NETWORK_NAMES[chainId] ?? `EVM chain ${chainId}`;

export interface OpenWalletOptions {
  config: Config;
  db: Db;
  logger: WatcherLogger & { warn(msg: string): void };
  /** An already-started dev chain (tests); the wallet then does not stop it. */
  devChain?: DevChain;
  /** Whether the watcher and sender loops run (default true); tests may step them instead. */
  watch?: boolean;
  /** Tells users of their completed and failed withdrawals (notice and mail). */
  notify?: AccountNotifier;
}

/**
 * What the hot wallet gets from the dev chain's faucet when it has less: withdrawals on the
 * local chain are paid from it, and nothing else fills it there (on a real network, people
 * fund it; ADR 016).
 */
const DEV_HOT_WALLET_FLOOR = { USDT: 1_000_000n * 10n ** 6n, ETH: 100n * 10n ** 18n } as const;

/**
 * The wallet for the config, or null when EVM_CHAIN=off and no chain is given. Fails with a
 * message saying what to fix when Anvil will not start or the node is unreachable: a server
 * that silently runs without its wallet would take deposits it never credits.
 */
export async function openCryptoWallet(options: OpenWalletOptions): Promise<CryptoWallet | null> {
  const { config, logger } = options;
  const mode = options.devChain ? 'dev' : config.EVM_CHAIN;
  if (mode === 'off') return null;

  let devChain: DevChain | null = options.devChain ?? null;
  const ownsChain = mode === 'dev' && !options.devChain;
  if (ownsChain) {
    const stateFile = path.join(path.resolve(config.DATA_DIR), ANVIL_STATE_FILE);
    try {
      devChain = await startDevChain({ stateFile });
      await devChain.setMining({ intervalSeconds: config.EVM_DEV_BLOCK_SECONDS });
    } catch (err) {
      throw new Error(
        `EVM_CHAIN=dev: the local Anvil chain did not start (${(err as Error).message}). ` +
          'Reinstall dependencies (npm ci installs @foundry-rs/anvil), move a damaged ' +
          `${stateFile} aside, or set EVM_CHAIN=off to run without the crypto wallet.`,
        { cause: err },
      );
    }
  }

  const stopChain = async () => {
    if (ownsChain) await devChain?.stop();
  };
  let adapter: EvmChainAdapter;
  let watcher: DepositWatcher;
  let sender: WithdrawalSender;
  try {
    const keys = await loadEvmKeys(config, { warn: (message) => logger.warn(message) });
    const rpcUrl = devChain ? devChain.rpcUrl : config.EVM_RPC_URL!;
    const chainId = devChain ? devChain.chainId : config.EVM_CHAIN_ID!;
    const usdtContract = devChain ? devChain.usdt : config.USDT_CONTRACT!;
    try {
      adapter = await EvmChainAdapter.connect({ rpcUrl, chainId, usdtContract, keys });
    } catch (err) {
      throw new Error(
        `the crypto wallet could not connect to chain ${chainId} at ${rpcUrl}: ${(err as Error).message}`,
        { cause: err },
      );
    }
    watcher = new DepositWatcher({
      db: options.db,
      chain: adapter,
      confirmations: config.CHAIN_CONFIRMATIONS,
      logger,
      pollIntervalMs: config.CHAIN_POLL_MS,
    });
    sender = new WithdrawalSender({
      db: options.db,
      chain: adapter,
      confirmations: config.CHAIN_CONFIRMATIONS,
      logger,
      pollIntervalMs: config.CHAIN_POLL_MS,
      ...(options.notify ? { notify: options.notify } : {}),
    });
    if (devChain) await fillDevHotWallet(devChain, adapter);
    // One step before the loop: a new chain's cursor is set at the head now, before any
    // address can be handed out (a deposit before the first step would be below the cursor).
    await watcher.step();
  } catch (err) {
    await stopChain();
    throw err;
  }
  if (options.watch !== false) {
    watcher.start();
    sender.start();
  }
  return {
    adapter,
    network: devChain ? DEV_NETWORK_NAME : networkName(adapter.chainId),
    devChain,
    watcher,
    sender,
    async close() {
      try {
        await Promise.all([watcher.stop(), sender.stop()]);
      } finally {
        await stopChain();
      }
    },
  };
}

/** Tops the hot wallet up from the dev chain's faucet, each asset to its floor. */
async function fillDevHotWallet(devChain: DevChain, adapter: ChainAdapter): Promise<void> {
  for (const asset of ['USDT', 'ETH'] as const) {
    const have = await adapter.balance(adapter.hotWallet, asset);
    const floor = DEV_HOT_WALLET_FLOOR[asset];
    // Not waited for: under manual mining (tests) it is mined with the next block, and until
    // then the sender finds the wallet short and tries again.
    if (have < floor) await devChain.fund(adapter.hotWallet, asset, floor - have);
  }
}

/** The wallet, or the 503 the crypto routes answer when the server runs without a chain. */
export function requireWallet(wallet: CryptoWallet | null): CryptoWallet {
  if (!wallet) throw new DomainError('chain_unavailable', messages.cryptoWallet.unavailable);
  return wallet;
}

/**
 * Test coins from the dev chain's faucet to the user's deposit address, so the whole deposit
 * path (watcher, confirmations, crediting) can be tried without a real network. Only a
 * verified user has an address; on a real network there is no faucet (404, as if no route).
 */
export async function sendFromFaucet(
  db: Db,
  wallet: CryptoWallet | null,
  userId: string,
  request: FaucetRequest,
): Promise<FaucetResponse> {
  const devChain = wallet?.devChain;
  if (!wallet || !devChain) throw new DomainError('not_found', messages.http.notFound);
  const limits = FAUCET_LIMITS[request.asset];
  const amount = request.amount ?? limits.default;
  const decimals = wallet.adapter.assets[request.asset].decimals;
  const invalid = (message: string) =>
    new DomainError('validation_error', message, { amount: message });
  if (compareDecimal(amount, '0') <= 0) throw invalid(messages.money.amountPositive);
  if (compareDecimal(amount, limits.max) > 0) {
    throw invalid(messages.cryptoWallet.faucetTooMuch(limits.max, request.asset));
  }
  let units: bigint;
  try {
    units = toBaseUnits(amount, decimals);
  } catch {
    throw invalid(`${request.asset} has at most ${decimals} decimal places`);
  }
  const { address } = await depositAddressFor(db, wallet.adapter, userId);
  const txHash = await devChain.fund(address, request.asset, units);
  return { txHash, asset: request.asset, amount, address };
}
