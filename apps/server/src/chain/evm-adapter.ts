import {
  BlockNotFoundError,
  createPublicClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  keccak256,
  parseAbiItem,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type PublicClient,
} from 'viem';
import {
  ChainError,
  NATIVE_LOG_INDEX,
  type AccountKind,
  type Address,
  type BlockRef,
  type ChainAdapter,
  type ChainAsset,
  type ChainAssetCode,
  type ChainTransfer,
  type Hex,
  type SignedTransfer,
  type TransferFees,
  type TransferReceipt,
  type TransferRequest,
} from './adapter.ts';
import type { EvmKeys } from './keys.ts';
import { parseAddress, requireAddress } from './values.ts';

const transferEvent = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

/**
 * The code of an account that delegated under EIP-7702: 0xef0100 followed by the 20-byte
 * address of the code it runs, 23 bytes in all. No contract can have code starting with 0xef
 * (EIP-3541 refuses to deploy it), so this shape means a delegated EOA and nothing else.
 */
const DELEGATION_PREFIX = '0xef0100';
const DELEGATION_HEX_LENGTH = 2 + 23 * 2;

/** What an account is, from its code as eth_getCode answers it ('0x' or absent: none). */
export function accountKindOfCode(code: Hex | undefined): AccountKind {
  if (!code || code === '0x') return 'wallet';
  const hex = code.toLowerCase();
  if (hex.length === DELEGATION_HEX_LENGTH && hex.startsWith(DELEGATION_PREFIX)) {
    return 'delegated_wallet';
  }
  return 'contract';
}

export interface EvmAdapterOptions {
  rpcUrl: string;
  /** The chain the keys sign for; connecting to a node of another chain is refused. */
  chainId: number;
  /** The USDT token contract on that chain. */
  usdtContract: string;
  keys: EvmKeys;
  /**
   * Addresses per `eth_getLogs` call: the `to` topic is an OR-list of them. Public RPC
   * providers cap request sizes, so many addresses take several calls.
   */
  addressesPerLogQuery?: number;
  /** Blocks fetched at once (with their transactions) when looking for native transfers. */
  blockConcurrency?: number;
  /** Per-request timeout (ms). */
  timeoutMs?: number;
}

/**
 * The ChainAdapter for EVM chains (ADR 015), on viem over JSON-RPC. Stateless apart from the
 * keys: what was already seen is the caller's to remember (the watcher's tables), so the
 * same range can be asked again after a restart or a reorganisation.
 */
export class EvmChainAdapter implements ChainAdapter {
  readonly hotWallet: Address;
  readonly #client: PublicClient;
  readonly #keys: EvmKeys;
  readonly #usdt: Address;
  readonly #perLogQuery: number;
  readonly #blockConcurrency: number;

  private constructor(
    client: PublicClient,
    readonly chainId: number,
    readonly assets: Readonly<Record<ChainAssetCode, ChainAsset>>,
    keys: EvmKeys,
    options: EvmAdapterOptions,
  ) {
    this.#client = client;
    this.#keys = keys;
    this.#usdt = assets.USDT.contract as Address;
    this.hotWallet = keys.hotWallet.address;
    this.#perLogQuery = options.addressesPerLogQuery ?? 500;
    this.#blockConcurrency = options.blockConcurrency ?? 8;
  }

  /** Connects, checks the node's chain id and reads the token's decimals from its contract. */
  static async connect(options: EvmAdapterOptions): Promise<EvmChainAdapter> {
    const usdt = requireAddress(options.usdtContract, 'the USDT contract');
    const chain = defineChain({
      id: options.chainId,
      name: `EVM chain ${options.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [options.rpcUrl] } },
    });
    const client = createPublicClient({
      chain,
      // JSON-RPC batches: a range's blocks and receipts go in a few HTTP requests.
      transport: http(options.rpcUrl, { batch: { wait: 0 }, timeout: options.timeoutMs ?? 15_000 }),
      // Never answer the head or a nonce from viem's cache: the watcher asks for a reason.
      cacheTime: 0,
      pollingInterval: 250,
    });
    const nodeChainId = await client.getChainId();
    if (nodeChainId !== options.chainId) {
      throw new ChainError(
        'wrong_chain',
        `the node at the RPC URL is chain ${nodeChainId}, not the configured ${options.chainId}`,
      );
    }
    if (!(await client.getCode({ address: usdt }))) {
      throw new ChainError('wrong_chain', `no contract at ${usdt} on chain ${options.chainId}`);
    }
    const decimals = await client.readContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'decimals',
    });
    const assets = {
      ETH: { code: 'ETH', decimals: 18, kind: 'native', contract: null },
      USDT: { code: 'USDT', decimals, kind: 'erc20', contract: usdt },
    } as const satisfies Record<ChainAssetCode, ChainAsset>;
    return new EvmChainAdapter(
      client as PublicClient,
      options.chainId,
      assets,
      options.keys,
      options,
    );
  }

  depositAddress(index: number): Address {
    return this.#keys.depositAddress(index);
  }

  parseAddress(input: string): Address | null {
    return parseAddress(input);
  }

  head(): Promise<bigint> {
    return this.#client.getBlockNumber({ cacheTime: 0 });
  }

  async block(number: bigint): Promise<BlockRef | null> {
    try {
      const block = await this.#client.getBlock({ blockNumber: number });
      return { number, hash: block.hash, parentHash: block.parentHash };
    } catch (err) {
      if (err instanceof BlockNotFoundError) return null;
      throw err;
    }
  }

  async transfersTo(
    addresses: readonly Address[],
    fromBlock: bigint,
    toBlock: bigint,
  ): Promise<ChainTransfer[]> {
    if (fromBlock > toBlock || addresses.length === 0) return [];
    const watched = [...new Set(addresses.map((a) => requireAddress(a)))];
    const [tokens, native] = await Promise.all([
      this.#tokenTransfers(watched, fromBlock, toBlock),
      this.#nativeTransfers(new Set(watched.map((a) => a.toLowerCase())), fromBlock, toBlock),
    ]);
    return [...tokens, ...native]
      .sort(
        (a, b) =>
          Number(a.transfer.blockNumber - b.transfer.blockNumber) ||
          a.position - b.position ||
          a.transfer.logIndex - b.transfer.logIndex,
      )
      .map((t) => t.transfer);
  }

  /** USDT `Transfer` logs whose indexed `to` is watched; a reverted transaction has no logs. */
  async #tokenTransfers(watched: Address[], fromBlock: bigint, toBlock: bigint) {
    const found: Positioned[] = [];
    for (let i = 0; i < watched.length; i += this.#perLogQuery) {
      const logs = await this.#client.getLogs({
        address: this.#usdt,
        event: transferEvent,
        args: { to: watched.slice(i, i + this.#perLogQuery) },
        fromBlock,
        toBlock,
        strict: true,
      });
      for (const log of logs) {
        if (log.removed || log.args.value === 0n) continue;
        found.push({
          position: log.transactionIndex,
          transfer: {
            chainId: this.chainId,
            txHash: log.transactionHash,
            logIndex: log.logIndex,
            from: getAddress(log.args.from),
            to: getAddress(log.args.to),
            asset: 'USDT',
            amount: log.args.value,
            blockNumber: log.blockNumber,
            blockHash: log.blockHash,
          },
        });
      }
    }
    return found;
  }

  /**
   * Top-level transactions with value whose recipient is watched, in blocks read whole. ETH
   * moved by a contract (an internal transfer, e.g. from a multisig or an exchange's batch
   * payout) leaves no trace here and needs a tracing node: out of scope (ADR 015).
   */
  async #nativeTransfers(watched: Set<string>, fromBlock: bigint, toBlock: bigint) {
    const numbers: bigint[] = [];
    for (let n = fromBlock; n <= toBlock; n++) numbers.push(n);
    const candidates: Positioned[] = [];
    await eachLimited(numbers, this.#blockConcurrency, async (blockNumber) => {
      const block = await this.#client.getBlock({ blockNumber, includeTransactions: true });
      for (const tx of block.transactions) {
        if (!tx.to || tx.value === 0n || !watched.has(tx.to.toLowerCase())) continue;
        candidates.push({
          position: tx.transactionIndex,
          transfer: {
            chainId: this.chainId,
            txHash: tx.hash,
            logIndex: NATIVE_LOG_INDEX,
            from: getAddress(tx.from),
            to: getAddress(tx.to),
            asset: 'ETH',
            amount: tx.value,
            blockNumber,
            blockHash: block.hash,
          },
        });
      }
    });
    // The value moves only if the transaction succeeded (a recipient with code can revert).
    const receipts = await Promise.all(
      candidates.map((c) => this.#client.getTransactionReceipt({ hash: c.transfer.txHash })),
    );
    return candidates.filter((_, i) => receipts[i]?.status === 'success');
  }

  async balance(address: Address, asset: ChainAssetCode): Promise<bigint> {
    if (asset === 'ETH') return this.#client.getBalance({ address });
    return this.#client.readContract({
      address: this.#usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
  }

  async accountKind(
    address: Address,
    options: { signal?: AbortSignal } = {},
  ): Promise<AccountKind> {
    // viem's getCode (the same eth_getCode) takes no signal; the request does, and the signal
    // also ends the transport's retries. One retry: a person is waiting for the answer.
    const code = await this.#client.request(
      { method: 'eth_getCode', params: [requireAddress(address, 'the address'), 'latest'] },
      { retryCount: 1, ...(options.signal ? { signal: options.signal } : {}) },
    );
    return accountKindOfCode(code);
  }

  nonce(blockTag: 'latest' | 'pending'): Promise<number> {
    return this.#client.getTransactionCount({ address: this.hotWallet, blockTag });
  }

  async estimateFees(request: Omit<TransferRequest, 'nonce' | 'fees'>): Promise<TransferFees> {
    const call = this.#call(request);
    const [gas, fees] = await Promise.all([
      this.#client.estimateGas({ account: this.hotWallet, ...call }),
      this.#client.estimateFeesPerGas(),
    ]);
    return {
      // A token transfer's cost depends on state (a first balance costs more): 20% headroom.
      // Unused gas is not charged.
      gasLimit: gas + gas / 5n,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    };
  }

  async signTransfer(request: TransferRequest): Promise<SignedTransfer> {
    const { nonce, fees } = request;
    if (!Number.isSafeInteger(nonce) || nonce < 0) {
      throw new ChainError('invalid_request', `nonce must be a non-negative integer: ${nonce}`);
    }
    if (
      fees.gasLimit <= 0n ||
      fees.maxFeePerGas <= 0n ||
      fees.maxPriorityFeePerGas < 0n ||
      fees.maxPriorityFeePerGas > fees.maxFeePerGas
    ) {
      throw new ChainError('invalid_request', 'fees must be positive, priority fee ≤ max fee');
    }
    // RFC 6979 signatures (viem's secp256k1): equal inputs give equal bytes, hence equal hashes.
    const rawTx = await this.#keys.hotWallet.signTransaction({
      type: 'eip1559',
      chainId: this.chainId,
      nonce,
      gas: fees.gasLimit,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      ...this.#call(request),
    });
    return { from: this.hotWallet, nonce, rawTx, txHash: keccak256(rawTx) };
  }

  /** The transaction fields that move `amount` of `asset` to `to`. */
  #call({ to, asset, amount }: Omit<TransferRequest, 'nonce' | 'fees'>) {
    const recipient = requireAddress(to, 'the recipient');
    if (typeof amount !== 'bigint' || amount <= 0n) {
      throw new ChainError('invalid_amount', 'the amount must be a positive number of base units');
    }
    if (asset === 'ETH') return { to: recipient, value: amount };
    return {
      to: this.#usdt,
      value: 0n,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [recipient, amount],
      }),
    };
  }

  /**
   * Idempotent: a node answers a repeat with an error ('already known', 'nonce too low', …,
   * worded differently by each client), so any error is followed by a look-up of the hash;
   * if the node has the transaction, pending or mined, the broadcast has done its job.
   */
  async broadcast(rawTx: Hex): Promise<Hex> {
    const txHash = keccak256(rawTx);
    try {
      await this.#client.sendRawTransaction({ serializedTransaction: rawTx });
      return txHash;
    } catch (err) {
      if (await this.#known(txHash)) return txHash;
      throw new ChainError('broadcast_failed', `broadcast of ${txHash} failed`, { cause: err });
    }
  }

  async #known(txHash: Hex): Promise<boolean> {
    try {
      await this.#client.getTransaction({ hash: txHash });
      return true;
    } catch (err) {
      if (err instanceof TransactionNotFoundError) return false;
      throw err;
    }
  }

  async receipt(txHash: Hex): Promise<TransferReceipt | null> {
    try {
      const r = await this.#client.getTransactionReceipt({ hash: txHash });
      return {
        txHash,
        status: r.status,
        blockNumber: r.blockNumber,
        blockHash: r.blockHash,
        fee: r.gasUsed * r.effectiveGasPrice,
      };
    } catch (err) {
      if (err instanceof TransactionReceiptNotFoundError) return null;
      throw err;
    }
  }
}

/** A transfer with its transaction's index in the block, for ordering. */
interface Positioned {
  position: number;
  transfer: ChainTransfer;
}

async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
