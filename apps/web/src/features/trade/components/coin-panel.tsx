import { useId, useState } from 'react';
import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import type { Coin } from '@sikka/contracts';
import { CoinIcon } from '@/components/market/coin-icon.tsx';
import { CoinList } from './coin-list.tsx';

export interface CoinPanelProps {
  coins: readonly Coin[];
  selected: Coin | null;
  pair: string;
  onSelect: (id: string) => void;
  loading: boolean;
}

/**
 * The coin list: a column on wide screens; on mobile a panel behind a toggle that names the
 * selected pair, collapsed by default so the chart comes first (PRODUCT.md §2).
 */
export function CoinPanel({ coins, selected, pair, onSelect, loading }: CoinPanelProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="flex h-full min-h-0 flex-col">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-3 px-4 py-3 text-left md:hidden"
        data-testid="coin-panel-toggle"
      >
        {selected ? <CoinIcon coin={selected} size="sm" /> : null}
        <span className="flex-1">
          <span className="block text-sm font-semibold text-ink">{pair}</span>
          <span className="block text-xs text-subtle">
            {open ? 'Hide markets' : 'Change market'}
          </span>
        </span>
        <ChevronDown
          className={clsx('size-5 text-muted transition-transform', open && 'rotate-180')}
          aria-hidden="true"
        />
      </button>
      <div
        id={panelId}
        className={clsx(
          'min-h-0 flex-1 border-t border-line md:block md:border-t-0',
          open ? 'block h-[22rem]' : 'hidden',
          'md:h-auto',
        )}
        data-testid="coin-panel"
      >
        <CoinList
          coins={coins}
          selectedId={selected?.id ?? null}
          loading={loading}
          onSelect={(id) => {
            onSelect(id);
            // On mobile, picking a market is the end of the errand: show the chart again.
            setOpen(false);
          }}
        />
      </div>
    </div>
  );
}
