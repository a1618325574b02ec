/**
 * A process that owns a dev chain, for chain-dev-chain.test.ts: starts one, prints its RPC URL,
 * then idles until killed. The test kills it with SIGKILL (no exit handler can run) and checks
 * that Anvil went with it.
 */
import { startDevChain } from '../src/chain/dev-chain.ts';

const chain = await startDevChain();
process.stdout.write(`${chain.rpcUrl}\n`);
setInterval(() => {}, 60_000);
