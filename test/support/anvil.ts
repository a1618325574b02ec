import type { Address, Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll } from 'vitest';
import { startDevChain, type DevChain, type DevChainOptions } from './server.ts';

export type { DevChain, DevChainOptions };
export { ANVIL_MNEMONIC, DEV_CHAIN_ID } from './server.ts';

/**
 * A fresh Anvil dev chain (127.0.0.1, a port the system picks) with the test USDT deployed
 * and the faucet funded. The caller stops it; `useDevChain` does that for a whole file.
 * Anvil's output is kept and added to a start failure's message.
 */
export function startTestChain(options: DevChainOptions = {}): Promise<DevChain> {
  return startDevChain(options);
}

/**
 * One dev chain for the tests of a file: started before the first, stopped after the last
 * (also when a test fails). Tests share it, so each uses its own addresses, or a snapshot
 * and revert, to stay independent.
 */
export function useDevChain(options: DevChainOptions = {}): () => DevChain {
  let chain: DevChain | undefined;
  beforeAll(async () => {
    chain = await startTestChain(options);
  });
  afterAll(async () => {
    await chain?.stop();
  });
  return () => {
    if (!chain) throw new Error('the dev chain is not started (use it inside a test)');
    return chain;
  };
}

/** A fresh outside address: checksummed (EIP-55), owned by nobody in the test. */
export const freshAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;
/** Code for `setCode`: PUSH1 0 PUSH1 0 REVERT, a contract that refuses every call, ETH included. */
export const ALWAYS_REVERTS: Hex = '0x60006000fd';
/** Code for `setCode`: STOP, a contract that accepts every call and keeps whatever it is sent. */
export const ACCEPTS_ALL: Hex = '0x00';
