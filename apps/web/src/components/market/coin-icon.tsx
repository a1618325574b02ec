import { memo, useState } from 'react';
import { clsx } from 'clsx';
import type { Coin } from '@sikka/contracts';
import { coinIconUrl, displaySymbol } from './coin-display.ts';

/** A stable hue per symbol, so placeholders are told apart at a glance. */
function hue(symbol: string): number {
  let h = 0;
  for (const ch of symbol) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

export interface CoinIconProps {
  coin: Pick<Coin, 'symbol'>;
  size?: 'sm' | 'md';
  /**
   * Phones: a 20 px disc beside the coin's symbol, its placeholder the symbol's first letter
   * only (four letters at that size would be a coloured smudge).
   */
  smallOnPhones?: boolean;
  className?: string;
}

/**
 * The coin's icon (served by our server), over an initials placeholder that stays when the
 * image fails (no icon for that coin, or the server unreachable): the placeholder is drawn first and the
 * image fades in only once loaded, so a broken image is never shown.
 */
function CoinIconView({ coin, size = 'md', smallOnPhones = false, className }: CoinIconProps) {
  const symbol = displaySymbol(coin);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const h = hue(symbol);
  const initials = symbol.slice(0, 4);
  return (
    <span
      aria-hidden="true"
      className={clsx(
        // Its own layer: drawn once, not again with its row's every price change (a clipped,
        // scaled image was the costliest part of repainting a market row).
        'relative grid shrink-0 place-items-center overflow-hidden rounded-full font-bold tracking-tight select-none will-change-transform',
        size === 'sm' ? 'size-7' : 'size-8',
        initials.length > 3 ? 'text-[9px]' : 'text-[11px]',
        smallOnPhones && 'max-sm:size-5 max-sm:text-[10px]',
        className,
      )}
      style={{
        backgroundColor: `hsl(${h} 45% 22%)`,
        color: `hsl(${h} 85% 78%)`,
        boxShadow: `inset 0 0 0 1px hsl(${h} 45% 32%)`,
      }}
      data-icon-state={state}
    >
      {/* One grid item: the disc centres its children one above the other. */}
      <span>
        {initials.slice(0, 1)}
        <span className={clsx(smallOnPhones && 'max-sm:hidden')}>{initials.slice(1)}</span>
      </span>
      {state === 'failed' ? null : (
        <img
          src={coinIconUrl(coin)}
          alt=""
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
          className={clsx(
            'absolute inset-0 size-full bg-surface object-cover transition-opacity',
            state === 'loaded' ? 'opacity-100' : 'opacity-0',
          )}
        />
      )}
    </span>
  );
}

/**
 * Memoised on the symbol, not the coin object: a tick hands the rows a new coin whenever its
 * price moves, and the icon depends on the symbol alone.
 */
export const CoinIcon = memo(
  CoinIconView,
  (a, b) =>
    a.coin.symbol === b.coin.symbol &&
    a.size === b.size &&
    a.smallOnPhones === b.smallOnPhones &&
    a.className === b.className,
);
