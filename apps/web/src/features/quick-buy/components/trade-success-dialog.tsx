import * as Dialog from '@radix-ui/react-dialog';
import { useNavigate } from 'react-router';
import { CircleCheck, X } from 'lucide-react';
import { messages, type Trade } from '@sikka/contracts';
import { paths } from '@/config/paths.ts';
import { formatInr } from '@/lib/format.ts';
import { Button } from '@/components/ui/button.tsx';

/** 'Trade Successful' with what the server executed, and the way to the wallet. */
export function TradeSuccessDialog({ trade, onClose }: { trade: Trade | null; onClose(): void }) {
  const navigate = useNavigate();
  const rows: Array<[string, string]> = trade
    ? [
        ['Type', trade.type === 'buy' ? 'Buy' : 'Sell'],
        [trade.type === 'buy' ? 'USDT received' : 'USDT sold', `${trade.amount} USDT`],
        ['Price', `${formatInr(trade.price)} / USDT`],
        ...(trade.type === 'buy'
          ? ([['INR paid', formatInr(trade.total)]] as Array<[string, string]>)
          : ([
              ['Gross', formatInr(trade.total)],
              ['TDS withheld (sec. 194S)', formatInr(trade.tds)],
              ['INR received', formatInr(trade.net)],
            ] as Array<[string, string]>)),
        ['Trade ID', trade.id.slice(0, 8)],
      ]
    : [];
  return (
    <Dialog.Root open={trade !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-6 shadow-2xl outline-none">
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 grid size-9 place-items-center rounded-lg text-muted hover:bg-raised hover:text-ink"
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
          <div className="flex flex-col items-center text-center">
            <span className="grid size-14 place-items-center rounded-full bg-up/15 text-up">
              <CircleCheck className="size-8" aria-hidden="true" />
            </span>
            <Dialog.Title className="mt-4 text-xl font-bold text-ink">
              {messages.quickBuy.success}
            </Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-muted">
              {trade?.type === 'sell'
                ? 'Your USDT was sold and the rupees are in your balance.'
                : 'Your USDT is in your wallet.'}
            </Dialog.Description>
          </div>
          <dl className="mt-5 divide-y divide-line/70 rounded-xl border border-line bg-canvas/60 px-4">
            {rows.map(([label, value]) => (
              <div key={label} className="flex items-center justify-between gap-4 py-2.5 text-sm">
                <dt className="text-muted">{label}</dt>
                <dd className="font-medium tabular-nums text-ink">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-6 grid grid-cols-2 gap-3">
            <Button variant="secondary" size="lg" onClick={onClose}>
              Trade Again
            </Button>
            <Button
              size="lg"
              onClick={() => {
                onClose();
                void navigate(paths.dashboard.wallet);
              }}
            >
              Explore Wallet
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
