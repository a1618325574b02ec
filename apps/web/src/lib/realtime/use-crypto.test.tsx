import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { messages } from '@sikka/contracts';
import { CryptoContext, useCrypto, type CryptoSource } from './use-crypto.ts';
import { MarketStore } from './market-store.ts';

function Probe() {
  const { loading, coins } = useCrypto();
  return <p>{loading ? 'loading' : `${coins.length} coins`}</p>;
}

describe('useCrypto', () => {
  it("throws 'useCrypto must be used within a CryptoProvider' outside its provider", () => {
    expect(() => renderToString(<Probe />)).toThrow(messages.crypto.outsideProvider);
    expect(messages.crypto.outsideProvider).toBe('useCrypto must be used within a CryptoProvider');
  });

  it('reads the provided market state', () => {
    const value: CryptoSource = { store: new MarketStore(), refresh: async () => undefined };
    expect(
      renderToString(
        <CryptoContext.Provider value={value}>
          <Probe />
        </CryptoContext.Provider>,
      ),
    ).toContain('loading');
  });
});
