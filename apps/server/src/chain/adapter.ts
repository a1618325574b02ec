/**
 * What the server needs from a blockchain (issue 15, ADR 015): a deposit address per user,
 * the transfers that reached a set of addresses in a range of blocks, confirmations, and a
 * withdrawal in separate steps (sign, broadcast, receipt) so the signed transaction can be
 * stored between signing and broadcasting and re-broadcast after a crash, never re-signed.
 *
 * Asset-neutral: a native coin and tokens go through the same calls, named by `ChainAssetCode`.
 * Amounts are bigint counts of the asset's base unit (wei, 10^-6 USDT) everywhere in here;
 * decimal strings exist only at the edges (`toBaseUnits`/`fromBaseUnits` in values.ts).
 * Block numbers are bigint, as chains number them.
 */

/** An EVM address or hash as `0x`-prefixed hex (the same shape as viem's types). */
export type Address = `0x${string}`;
export type Hex = `0x${string}`;

export type ChainAssetCode = 'ETH' | 'USDT';

export interface ChainAsset {
  code: ChainAssetCode;
  /** Places of the base unit: 18 for ETH; read from the token contract for USDT. */
  decimals: number;
  /** `native`: the chain's own coin, moved by a transaction's value; `erc20`: a token contract. */
  kind: 'native' | 'erc20';
  contract: Address | null;
}

/**
 * One movement of an asset into a watched address, as found on chain. `(chainId, txHash,
 * logIndex)` names it uniquely: a token transfer is one log of its transaction (logIndex ≥ 0);
 * a native transfer is the transaction's own value and has `NATIVE_LOG_INDEX`. The block hash
 * is what a watcher compares later to notice that the block was reorganised away. Addresses
 * are checksummed (nodes answer in lowercase), so they compare equal to derived ones.
 */
export interface ChainTransfer {
  chainId: number;
  txHash: Hex;
  logIndex: number;
  from: Address;
  to: Address;
  asset: ChainAssetCode;
  /** Base units, > 0: zero-value transfers (a known address-poisoning trick) are left out. */
  amount: bigint;
  blockNumber: bigint;
  blockHash: Hex;
}

/** The log index of a native transfer: no log has a negative index, and a transaction has one value. */
export const NATIVE_LOG_INDEX = -1;

export interface BlockRef {
  number: bigint;
  hash: Hex;
  parentHash: Hex;
}

/**
 * What an address is on chain now, for the withdrawal request's refusal of contracts (ADR 016,
 * amended):
 * - `wallet`: no code, an externally owned account (or an address nobody has used yet);
 * - `delegated_wallet`: an externally owned account that has delegated to code (EIP-7702). Its
 *   own key still controls it, so it is a person's wallet, not a contract;
 * - `contract`: any other code.
 */
export type AccountKind = 'wallet' | 'delegated_wallet' | 'contract';

/** EIP-1559 fees of one transaction, in wei per gas, and its gas limit. */
export interface TransferFees {
  gasLimit: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

/** The most a transaction can cost its sender in the native coin (wei). */
export const maxFeeOf = (fees: TransferFees): bigint => fees.gasLimit * fees.maxFeePerGas;

export interface TransferRequest {
  to: Address;
  asset: ChainAssetCode;
  amount: bigint;
  /** The hot wallet's nonce for this transaction; the caller owns nonce assignment. */
  nonce: number;
  fees: TransferFees;
}

export interface SignedTransfer {
  from: Address;
  nonce: number;
  /** The serialised signed transaction, ready for `broadcast`. */
  rawTx: Hex;
  txHash: Hex;
}

export interface TransferReceipt {
  txHash: Hex;
  /** 'reverted': mined, the nonce and the fee are spent, the value did not move. */
  status: 'success' | 'reverted';
  blockNumber: bigint;
  blockHash: Hex;
  /** gasUsed × effectiveGasPrice, in wei (an L2's separate L1 data fee is not included). */
  fee: bigint;
}

export interface ChainAdapter {
  readonly chainId: number;
  readonly assets: Readonly<Record<ChainAssetCode, ChainAsset>>;
  /** Where withdrawals are paid from. */
  readonly hotWallet: Address;

  /** The user's deposit address: derived from the installation's seed by a per-user index. */
  depositAddress(index: number): Address;
  /** A checksummed address, or null for anything malformed or with a wrong EIP-55 checksum. */
  parseAddress(input: string): Address | null;

  /** The newest block number. */
  head(): Promise<bigint>;
  block(number: bigint): Promise<BlockRef | null>;
  /**
   * Transfers of every asset to the given addresses in blocks fromBlock..toBlock (inclusive,
   * toBlock ≤ head), ordered as on chain. Asking again for the same range gives the same
   * answer unless the blocks were reorganised: the caller dedupes by (chainId, txHash, logIndex).
   */
  transfersTo(
    addresses: readonly Address[],
    fromBlock: bigint,
    toBlock: bigint,
  ): Promise<ChainTransfer[]>;
  balance(address: Address, asset: ChainAssetCode): Promise<bigint>;
  /**
   * What the address is at the newest block (its code). Asked while a person waits for an
   * answer: `signal` ends the wait (and the node's retries) when it aborts; a node that cannot
   * be reached is an error, never a guess.
   */
  accountKind(address: Address, options?: { signal?: AbortSignal }): Promise<AccountKind>;

  /** The next nonce of the hot wallet: 'latest' counts mined transactions, 'pending' the pool too. */
  nonce(blockTag: 'latest' | 'pending'): Promise<number>;
  /** Current fees for this transfer from the hot wallet, with headroom on the estimated gas. */
  estimateFees(request: Omit<TransferRequest, 'nonce' | 'fees'>): Promise<TransferFees>;
  /** Signs with the hot wallet; no network call. The same request gives the same rawTx and hash. */
  signTransfer(request: TransferRequest): Promise<SignedTransfer>;
  /** Sends a signed transaction; one the node already has or has mined is not an error. */
  broadcast(rawTx: Hex): Promise<Hex>;
  /** The receipt once mined, null while unknown or pending. */
  receipt(txHash: Hex): Promise<TransferReceipt | null>;
}

/**
 * Blocks on top of and including the transfer's block: 1 once mined, 0 when the given head
 * is behind it (a node that has not seen the block yet).
 */
export function confirmations(blockNumber: bigint, head: bigint): number {
  return head < blockNumber ? 0 : Number(head - blockNumber + 1n);
}

export type ChainErrorCode =
  'invalid_address' | 'invalid_amount' | 'invalid_request' | 'wrong_chain' | 'broadcast_failed';

/**
 * A refusal or failure of the chain layer. Not a DomainError: the code says what went wrong
 * with the chain call; the withdrawal domain decides what a user is told.
 */
export class ChainError extends Error {
  constructor(
    readonly code: ChainErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ChainError';
  }
}
