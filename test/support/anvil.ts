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
