import { useRef, useState } from 'react';
import type { Coin } from '@sikka/contracts';
import { buttonClasses } from '@/components/ui/button.tsx';
import { openedPartFailed } from '@/components/ui/retry-alert.tsx';
import { deferred } from '@/components/deferred.tsx';

const ViewAllCoinsPanel = deferred(() => import('./view-all-coins-panel.tsx'));

/**
 * 'View All Coins' (PRODUCT.md §2): the trigger and the open state. The modal (every coin with
 * price, change, volume and Trade) is loaded when first opened.
 */
export function ViewAllCoinsDialog({
  coins,
  onTrade,
}: {
  coins: readonly Coin[];
  onTrade: (coin: Coin) => void;
}) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className={buttonClasses('outline', 'sm')}
      >
        View All Coins
      </button>
      {open ? (
        <ViewAllCoinsPanel
          coins={coins}
          onTrade={onTrade}
          onClose={() => setOpen(false)}
          trigger={trigger}
          failed={openedPartFailed('The coin list', 'bottom', () => setOpen(false))}
        />
      ) : null}
    </>
  );
}
