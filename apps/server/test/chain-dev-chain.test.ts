import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestChain, type DevChain } from '../../../test/support/anvil.ts';
import { anvilBinary } from '../src/chain/dev-chain.ts';
import { EvmChainAdapter } from '../src/chain/evm-adapter.ts';
import { keysFromMnemonic } from '../src/chain/keys.ts';

const keys = keysFromMnemonic(`${'abandon '.repeat(11)}about`);
const connect = (chain: DevChain) =>
  EvmChainAdapter.connect({
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    usdtContract: chain.usdt,
    keys,
  });

/** True while something answers JSON-RPC at the URL. */
async function answers(rpcUrl: string): Promise<boolean> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(2_000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

describe('dev chain (Anvil from npm)', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('ships a runnable anvil binary in the npm package', () => {
    expect(anvilBinary()).toMatch(/@foundry-rs[/\\]anvil-[a-z0-9]+-[a-z0-9]+[/\\]bin[/\\]anvil/);
  });

  it('listens on 127.0.0.1 on a free port, with the test USDT at its usual address, and stops', async () => {
    const [one, two] = await Promise.all([startTestChain(), startTestChain()]);
    cleanup.push(
      () => one!.stop(),
      () => two!.stop(),
    );
    expect(one.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(two.rpcUrl).not.toBe(one.rpcUrl);
    // The deployer's first contract: the same address on every fresh dev chain.
    expect(one.usdt).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3');
    expect(two.usdt).toBe(one.usdt);
    await one.stop();
    expect(await answers(one.rpcUrl)).toBe(false);
    expect(await answers(two.rpcUrl)).toBe(true);
    await one.stop(); // a second stop is harmless
  });

  it('mines on its own every interval, or only when asked in manual mode', async () => {
    const chain = await startTestChain({ mining: { intervalSeconds: 1 } });
    cleanup.push(() => chain.stop());
    const adapter = await connect(chain);
    const start = await adapter.head();
    expect(await until(async () => (await adapter.head()) >= start + 2n, 5_000)).toBe(true);

    await chain.setMining('manual');
    const tx = await chain.fund(adapter.depositAddress(0), 'USDT', 1_000_000n);
    const held = await adapter.head();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await adapter.head()).toBe(held);
    expect(await adapter.receipt(tx)).toBeNull();
    await chain.mine(3);
    expect(await adapter.head()).toBe(held + 3n);
    expect((await adapter.receipt(tx))?.blockNumber).toBe(held + 1n);
  });

  it('keeps its chain in a state file across a restart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sikka-anvil-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const stateFile = path.join(dir, 'anvil-state.json');
    const first = await startTestChain({ stateFile });
    const to = keys.depositAddress(1);
    await first.fund(to, 'USDT', 4_200_000n);
    await first.stop();

    const second = await startTestChain({ stateFile });
    cleanup.push(() => second.stop());
    expect(second.usdt).toBe(first.usdt);
    const adapter = await connect(second);
    expect(await adapter.balance(to, 'USDT')).toBe(4_200_000n);
  });

  it('dies with the process that started it, even one killed with SIGKILL', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'chain-dev-chain-child.ts')],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    cleanup.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    const rpcUrl = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', () => reject(new Error('the child exited before its chain started')));
    });
    expect(await answers(rpcUrl)).toBe(true);
    child.kill('SIGKILL');
    expect(await until(async () => !(await answers(rpcUrl)), 5_000)).toBe(true);
  });
});
