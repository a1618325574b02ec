import { useEffect, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';

/**
 * On a phone the order form sits below the chart and the book, a screen or two down: while it
 * is still below the screen, "Buy" and "Sell" wait above the bottom navigation, and take the
 * person to the form with that side chosen. Not shown once the form is in view or passed, nor
 * on wider screens, where the form is beside the chart.
 */
export function MobileOrderBar({
  base,
  target,
  onSide,
}: {
  base: string;
  target: RefObject<HTMLElement | null>;
  onSide(side: 'buy' | 'sell'): void;
}) {
  const [below, setBelow] = useState(false);

  useEffect(() => {
    const el = target.current;
    if (!el) return;
    const seen = new IntersectionObserver(([entry]) => {
      if (entry) setBelow(!entry.isIntersecting && entry.boundingClientRect.top > 0);
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, [target]);

  if (!below) return null;
  const go = (side: 'buy' | 'sell') => {
    onSide(side);
    target.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  // In the body: a card's backdrop blur would make `fixed` relative to the card.
  return createPortal(
    <div
      data-testid="mobile-order-bar"
      className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 grid grid-cols-2 gap-2 border-t border-line bg-surface/95 px-3 py-2 backdrop-blur-md md:hidden"
    >
      <button
        type="button"
        onClick={() => go('buy')}
        className="h-11 rounded-xl bg-up text-sm font-semibold text-canvas"
      >
        Buy {base}
      </button>
      <button
        type="button"
        onClick={() => go('sell')}
        className="h-11 rounded-xl bg-down text-sm font-semibold text-canvas"
      >
        Sell {base}
      </button>
    </div>,
    document.body,
  );
}
