// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Trade } from '@sikka/contracts';
import { renderPerTest } from '@/testing/render.tsx';
import { TradeHistoryTable } from './trade-history-table.tsx';

const trade = (over: Partial<Trade>): Trade => ({
  id: '5a0c2a52-2f1e-4a4e-9f57-3f2d1b7a9c01',
  type: 'sell',
  amount: '5.00000000',
  price: '86.65',
  total: '433.25',
  tds: '4.34',
  net: '428.91',
  status: 'completed',
  createdAt: '2026-11-24T14:59:00.000Z',
  ...over,
});

describe('quick trade history', () => {
  const view = renderPerTest();

  it('shows the TDS withheld from a sell and the net the seller received', () => {
    view.render(<TradeHistoryTable trades={[trade({})]} />);
    const text = view.container.textContent ?? '';
    expect(text).toContain('TDS ₹4.34 · net ₹428.91');
    expect(text).toContain('Net received');
  });

  it('shows no TDS line for a buy or a sell with none withheld', () => {
    view.render(
      <TradeHistoryTable
        trades={[
          trade({ type: 'buy', tds: '0.00', net: '433.25' }),
          trade({ id: '5a0c2a52-2f1e-4a4e-9f57-3f2d1b7a9c02', tds: '0.00', net: '433.25' }),
        ]}
      />,
    );
    expect(view.container.textContent).not.toContain('TDS');
  });
});
