import { useMemo, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { Coin } from '@sikka/contracts';
import { formatCompact, formatPrice } from '@/lib/format.ts';
import { Button } from '@/components/ui/button.tsx';
import { ChangeText } from './change-text.tsx';
import { CoinIcon } from './coin-icon.tsx';
import { displayName, displaySymbol } from './coin-display.ts';
import { DEFAULT_SORT, sortCoins } from './market-sort.ts';

/**
 * The open 'View All Coins' modal (PRODUCT.md §2): every coin with price, change, volume and
 * Trade, by volume. Live like the rest: prices move while it is open. Loaded on first open by
 * `view-all-coins-dialog.tsx`, which keeps the trigger, so the dialog machinery stays out of
 * the home page's start-up JavaScript.
 */
export default function ViewAllCoinsPanel({
  coins,
  onTrade,
  onClose,
  trigger,
}: {
  coins: readonly Coin[];
  onTrade: (coin: Coin) => void;
  onClose: () => void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const sorted = useMemo(() => sortCoins(coins, DEFAULT_SORT), [coins]);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[88dvh] flex-col rounded-t-2xl border border-line-strong bg-surface shadow-2xl shadow-black/50 outline-none md:inset-x-auto md:top-1/2 md:bottom-auto md:left-1/2 md:max-h-[80vh] md:w-[44rem] md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-2xl"
        >
          <div className="flex items-center justify-between gap-4 border-b border-line px-5 py-4">
            <Dialog.Title className="text-lg font-semibold text-ink">
              All Coins <span className="text-sm font-normal text-subtle">({coins.length})</span>
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="grid size-9 place-items-center rounded-lg text-muted hover:bg-raised hover:text-ink"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto overscroll-contain">
            <table aria-label="All coins" className="w-full text-sm">
              <thead className="sticky top-0 z-10 bg-surface text-xs tracking-wide text-subtle uppercase">
                <tr>
                  <th
                    scope="col"
                    className="py-2.5 pr-2 pl-4 text-left font-medium sm:pr-3 sm:pl-5"
                  >
                    Name
                  </th>
                  <th scope="col" className="px-2 py-2.5 text-right font-medium sm:px-3">
                    Price
                  </th>
                  <th
                    scope="col"
                    className="hidden px-3 py-2.5 text-right font-medium whitespace-nowrap sm:table-cell"
                  >
                    24h Change
                  </th>
                  <th
                    scope="col"
                    className="hidden px-3 py-2.5 text-right font-medium whitespace-nowrap sm:table-cell"
                  >
                    24h Volume
                  </th>
                  <th scope="col" className="py-2.5 pr-4 pl-1 sm:pr-5 sm:pl-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sorted.map((coin) => (
                  <tr key={coin.id} data-coin-id={coin.id} className="border-t border-line">
                    <th
                      scope="row"
                      className="w-full max-w-0 py-2.5 pr-1 pl-4 text-left font-normal sm:pr-3 sm:pl-5"
                    >
                      {/* Phones: a small icon beside the symbol and volume, the full name
                          on the line beneath with the cell's whole width, wrapping (never
                          cut). Wider: icon, then the name over the symbol. */}
                      <span className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] items-center gap-x-1.5 sm:flex sm:gap-3">
                        <CoinIcon
                          coin={coin}
                          size="sm"
                          smallOnPhones
                          className="col-start-1 row-start-1"
                        />
                        <span className="contents sm:block sm:min-w-0">
                          <span
                            className="col-span-2 row-start-2 block wrap-anywhere max-sm:text-xs max-sm:text-subtle sm:font-medium sm:text-ink"
                            data-testid="coin-name"
                          >
                            {displayName(coin)}
                          </span>
                          <span className="col-start-2 row-start-1 block truncate text-xs text-subtle">
                            <span className="font-medium text-ink max-sm:text-sm sm:font-normal sm:text-subtle">
                              {displaySymbol(coin)}
                            </span>
                            {/* Phones have no volume column: the volume follows the symbol. */}
                            <span className="ml-1.5 sm:hidden">
                              Vol ₹{formatCompact(coin.volume)}
                            </span>
                          </span>
                        </span>
                      </span>
                    </th>
                    <td className="px-2 py-2.5 text-right font-medium whitespace-nowrap text-ink tabular-nums sm:px-3">
                      {formatPrice(coin.price)}
                      {/* Phones have no change column either: it rides under the price. */}
                      <span className="block text-xs sm:hidden">
                        <ChangeText value={coin.price_change_percentage_24h} />
                      </span>
                    </td>
                    <td className="hidden px-3 py-2.5 text-right sm:table-cell">
                      <ChangeText value={coin.price_change_percentage_24h} />
                    </td>
                    <td className="hidden px-3 py-2.5 text-right text-muted tabular-nums sm:table-cell">
                      ₹{formatCompact(coin.volume)}
                    </td>
                    <td className="py-2.5 pr-4 pl-1 text-right sm:pr-5 sm:pl-2">
                      <Button
                        size="sm"
                        variant="outline"
                        className="h-8 px-2.5 sm:px-3"
                        aria-label={`Trade ${displaySymbol(coin)}`}
                        onClick={() => {
                          onClose();
                          onTrade(coin);
                        }}
                      >
                        Trade
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
