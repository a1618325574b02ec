import { beforeAll, describe, expect, it } from 'vitest';
import { useDevChain } from '../../../test/support/anvil.ts';
import {
  confirmations,
  NATIVE_LOG_INDEX,
  type Address,
  type TransferFees,
} from '../src/chain/adapter.ts';
import { EvmChainAdapter } from '../src/chain/evm-adapter.ts';
import { keysFromMnemonic } from '../src/chain/keys.ts';

// Not Anvil's mnemonic: the installation's addresses start empty, as on a real chain.
const keys = keysFromMnemonic(`${'abandon '.repeat(11)}about`);
const USDT = (n: bigint) => n * 10n ** 6n;
const ETH = (n: bigint) => n * 10n ** 18n;
/** Reverts whatever is sent to it: PUSH1 0, PUSH1 0, REVERT. */
const REVERTING_CODE = '0x60006000fd';
const swapCase = (c: string) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase());

describe('EVM chain adapter on a local Anvil chain', () => {
  const chain = useDevChain();
  let adapter: EvmChainAdapter;
  const connect = (options: { chainId?: number; usdtContract?: string; perQuery?: number } = {}) =>
    EvmChainAdapter.connect({
      rpcUrl: chain().rpcUrl,
      chainId: options.chainId ?? chain().chainId,
      usdtContract: options.usdtContract ?? chain().usdt,
      keys,
      addressesPerLogQuery: options.perQuery,
    });

  beforeAll(async () => {
    adapter = await connect();
  });

  it('connects to the deployed 6-decimal test USDT and refuses a wrong chain or contract', async () => {
    expect(adapter.assets.USDT).toEqual({
      code: 'USDT',
      decimals: 6,
      kind: 'erc20',
      contract: chain().usdt,
    });
    expect(adapter.assets.ETH.decimals).toBe(18);
    expect(adapter.hotWallet).toBe(keys.hotWallet.address);
    expect(await adapter.balance(chain().faucet, 'USDT')).toBe(USDT(1_000_000_000n));
    await expect(connect({ chainId: 1 })).rejects.toMatchObject({ code: 'wrong_chain' });
    await expect(connect({ usdtContract: chain().faucet })).rejects.toMatchObject({
      code: 'wrong_chain',
    });
  });

  it('finds exactly the USDT and ETH sent to watched addresses, with their amounts', async () => {
    const [a, b, reverting, unwatched] = [0, 1, 2, 99].map((i) => adapter.depositAddress(i)) as [
      Address,
      Address,
      Address,
      Address,
    ];
    const from = (await adapter.head()) + 1n;

    const usdtTx = await chain().fund(a, 'USDT', 12_345_678n);
    const ethTx = await chain().fund(b, 'ETH', 5n * 10n ** 17n);
    // Noise a watcher must not count.
    await chain().fund(unwatched, 'USDT', USDT(1n));
    await chain().fund(unwatched, 'ETH', ETH(1n));
    await chain().fund(a, 'USDT', 0n); // zero-value Transfer log, an address-poisoning trick
    await chain().deployTestToken(); // a look-alike "USDT" …
    // … whose transfers to a watched address are not USDT.
    const fake = await chain().deployTestToken();
    await chain().waitMined(
      await chain()
        .devWallet(1)
        .writeContract({
          chain: null,
          account: chain().devWallet(1).account!,
          address: fake,
          abi: [
            {
              type: 'function',
              name: 'transfer',
              stateMutability: 'nonpayable',
              inputs: [
                { name: 'to', type: 'address' },
                { name: 'value', type: 'uint256' },
              ],
              outputs: [{ name: '', type: 'bool' }],
            },
          ],
          functionName: 'transfer',
          args: [a, USDT(5n)],
        }),
    );
    // ETH to a watched address whose code reverts: mined, but no value moved.
    await chain().testClient.setCode({ address: reverting, bytecode: REVERTING_CODE });
    const failed = await chain()
      .devWallet(1)
      .sendTransaction({
        chain: null,
        account: chain().devWallet(1).account!,
        to: reverting,
        value: ETH(1n),
        gas: 100_000n,
      });
    expect((await adapter.receipt(failed))?.status).toBe('reverted');

    const head = await adapter.head();
    const found = await adapter.transfersTo([a, b, reverting], from, head);
    expect(found).toEqual([
      {
        chainId: chain().chainId,
        txHash: usdtTx,
        logIndex: expect.any(Number),
        from: chain().faucet,
        to: a,
        asset: 'USDT',
        amount: 12_345_678n,
        blockNumber: expect.any(BigInt),
        blockHash: expect.any(String),
      },
      {
        chainId: chain().chainId,
        txHash: ethTx,
        logIndex: NATIVE_LOG_INDEX,
        from: chain().faucet,
        to: b,
        asset: 'ETH',
        amount: 5n * 10n ** 17n,
        blockNumber: expect.any(BigInt),
        blockHash: expect.any(String),
      },
    ]);
    for (const t of found) {
      expect((await adapter.block(t.blockNumber))?.hash).toBe(t.blockHash);
      expect((await adapter.receipt(t.txHash))?.blockHash).toBe(t.blockHash);
    }
    expect(found[0]!.logIndex).toBeGreaterThanOrEqual(0);
    expect(await adapter.balance(a, 'USDT')).toBe(12_345_678n);

    // Lowercase input, one address per eth_getLogs call: the same answer.
    const batched = await connect({ perQuery: 1 });
    expect(
      await batched.transfersTo(
        [a, b, reverting].map((x) => x.toLowerCase() as Address),
        from,
        head,
      ),
    ).toEqual(found);
    // The range is inclusive at both ends and nothing is found outside it.
    expect(await adapter.transfersTo([a, b], from, found[0]!.blockNumber)).toEqual([found[0]]);
    expect(await adapter.transfersTo([a, b], found[1]!.blockNumber + 1n, head)).toEqual([]);
  });

  it('counts confirmations as blocks are mined on top', async () => {
    const to = adapter.depositAddress(4);
    const from = (await adapter.head()) + 1n;
    await chain().fund(to, 'USDT', USDT(3n));
    const [transfer] = await adapter.transfersTo([to], from, await adapter.head());
    expect(confirmations(transfer!.blockNumber, await adapter.head())).toBe(1);
    await chain().mine(5);
    expect(confirmations(transfer!.blockNumber, await adapter.head())).toBe(6);
  });

  it('loses a transfer whose block is reorganised away (snapshot, revert, new blocks)', async () => {
    const to = adapter.depositAddress(5);
    const base = await adapter.head();
    const snapshot = await chain().snapshot();
    await chain().fund(to, 'USDT', USDT(7n));
    await chain().mine(2);
    const head = await adapter.head();
    const [seen] = await adapter.transfersTo([to], base + 1n, head);
    expect(seen?.amount).toBe(USDT(7n));

    await chain().revert(snapshot);
    expect(await adapter.head()).toBe(base);
    // The other branch grows to the same height without the transfer.
    await chain().mine(Number(head - base));
    expect(await adapter.head()).toBe(head);
    expect(await adapter.transfersTo([to], base + 1n, head)).toEqual([]);
    expect((await adapter.block(seen!.blockNumber))?.hash).not.toBe(seen!.blockHash);
    expect(await adapter.receipt(seen!.txHash)).toBeNull();
    expect(await adapter.balance(to, 'USDT')).toBe(0n);
  });

  describe('withdrawals from the hot wallet', () => {
    let fees: TransferFees;
    beforeAll(async () => {
      await chain().fund(adapter.hotWallet, 'ETH', ETH(10n));
      await chain().fund(adapter.hotWallet, 'USDT', USDT(1_000n));
      fees = await adapter.estimateFees({
        to: adapter.depositAddress(90),
        asset: 'USDT',
        amount: USDT(1n),
      });
    });

    it('signs the same request to the same bytes, and a changed one to another hash', async () => {
      const request = {
        to: adapter.depositAddress(90),
        asset: 'USDT' as const,
        amount: USDT(2n),
        nonce: 41,
        fees,
      };
      const first = await adapter.signTransfer(request);
      const second = await adapter.signTransfer({ ...request, fees: { ...fees } });
      expect(second).toEqual(first);
      expect(first.from).toBe(adapter.hotWallet);
      expect((await adapter.signTransfer({ ...request, nonce: 42 })).txHash).not.toBe(first.txHash);
      expect((await adapter.signTransfer({ ...request, amount: USDT(3n) })).txHash).not.toBe(
        first.txHash,
      );
    });

    it('broadcasting one signed ETH transfer again, pending or mined, moves the coins once', async () => {
      const to = adapter.depositAddress(91);
      const nonce = await adapter.nonce('pending');
      const ethFees = await adapter.estimateFees({ to, asset: 'ETH', amount: ETH(1n) });
      const signed = await adapter.signTransfer({
        to,
        asset: 'ETH',
        amount: ETH(1n),
        nonce,
        fees: ethFees,
      });
      await chain().setMining('manual');
      try {
        expect(await adapter.broadcast(signed.rawTx)).toBe(signed.txHash);
        expect(await adapter.broadcast(signed.rawTx)).toBe(signed.txHash); // already in the pool
        expect(await adapter.receipt(signed.txHash)).toBeNull();
        await chain().mine(1);
      } finally {
        await chain().setMining('auto');
      }
      expect(await adapter.broadcast(signed.rawTx)).toBe(signed.txHash); // already mined
      await chain().mine(1);

      const receipt = await adapter.receipt(signed.txHash);
      expect(receipt).toMatchObject({ txHash: signed.txHash, status: 'success' });
      expect(receipt!.fee).toBeGreaterThan(0n);
      expect(receipt!.fee).toBeLessThanOrEqual(ethFees.gasLimit * ethFees.maxFeePerGas);
      expect(await adapter.balance(to, 'ETH')).toBe(ETH(1n));
      expect(await adapter.nonce('latest')).toBe(nonce + 1);
    });

    it('broadcasting one signed USDT transfer twice moves the tokens once', async () => {
      const to = adapter.depositAddress(92);
      const nonce = await adapter.nonce('pending');
      const signed = await adapter.signTransfer({
        to,
        asset: 'USDT',
        amount: USDT(25n),
        nonce,
        fees,
      });
      expect(await adapter.broadcast(signed.rawTx)).toBe(signed.txHash);
      expect(await adapter.broadcast(signed.rawTx)).toBe(signed.txHash);
      expect((await adapter.receipt(signed.txHash))?.status).toBe('success');
      expect(await adapter.balance(to, 'USDT')).toBe(USDT(25n));
      expect(await adapter.nonce('latest')).toBe(nonce + 1);

      // A different transaction on a used nonce is a real failure, not "already known".
      const conflicting = await adapter.signTransfer({
        to,
        asset: 'USDT',
        amount: USDT(1n),
        nonce,
        fees,
      });
      await expect(adapter.broadcast(conflicting.rawTx)).rejects.toMatchObject({
        code: 'broadcast_failed',
      });
      expect(await adapter.balance(to, 'USDT')).toBe(USDT(25n));
    });

    it('refuses a malformed or wrongly checksummed address and a zero amount', async () => {
      const good = adapter.depositAddress(93);
      // One letter of the checksummed form in the other case: a typo EIP-55 catches.
      const letter = good.slice(2).search(/[a-f]/i) + 2;
      const flipped = good.slice(0, letter) + swapCase(good[letter]!) + good.slice(letter + 1);
      const base = { asset: 'ETH' as const, amount: 1n, nonce: 0, fees };
      for (const to of ['0x1234', `${good}00`, good.replace(/[a-f]/i, 'g'), flipped]) {
        await expect(
          adapter.signTransfer({ ...base, to: to as Address }),
          to,
        ).rejects.toMatchObject({ code: 'invalid_address' });
      }
      expect(adapter.parseAddress(flipped)).toBeNull();
      expect(adapter.parseAddress(good.toLowerCase())).toBe(good);
      await expect(adapter.signTransfer({ ...base, to: good, amount: 0n })).rejects.toMatchObject({
        code: 'invalid_amount',
      });
      await expect(adapter.broadcast('0x1234')).rejects.toMatchObject({
        code: 'broadcast_failed',
      });
    });
  });
});
