import { clsx } from 'clsx';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';

/** Which edges of the strip have more of it behind them. */
interface Hidden {
  start: boolean;
  end: boolean;
}

/** Scrolls the strip so that its current item sits in the middle (as near as its ends allow). */
function centreCurrent(el: HTMLElement): void {
  const item = el.querySelector('[aria-current="page"], [role="tab"][aria-selected="true"]');
  if (!item) return;
  const strip = el.getBoundingClientRect();
  const box = item.getBoundingClientRect();
  el.scrollLeft += box.left - strip.left - (strip.width - box.width) / 2;
}

/**
 * A row of tabs or links that scrolls sideways when it is wider than its room (on a phone,
 * beside the dashboard's side menu). Each edge with more behind it gets a fade and a chevron:
 * a tab cut off at the edge alone does not say the row goes on (the scrollbar is hidden, and
 * phones show none anyway). The fades show only while there is more to scroll that way, and
 * let taps through to the tab under them. The strip sits on the page's background, the
 * fades' colour.
 */
export function ScrollStrip({
  children,
  current,
  className,
}: {
  /** The row itself: it should take its natural width (`w-max`), not shrink to the strip. */
  children: ReactNode;
  /**
   * The current page or tab (a path, a tab's value): whenever it changes, the strip scrolls
   * its current item (aria-current="page" or a selected tab) to the middle.
   */
  current?: string;
  /** Classes of the outer box, which does not scroll. */
  className?: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<Hidden>({ start: false, end: false });

  useLayoutEffect(() => {
    if (scroller.current) centreCurrent(scroller.current);
  }, [current]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let width = el.clientWidth;
    const measure = () => {
      // A strip hidden until now (a phone-only menu, the window just narrowed) could not
      // scroll while it was hidden: its current item is brought into view now.
      if (width === 0 && el.clientWidth > 0) centreCurrent(el);
      width = el.clientWidth;
      // 1 px of slack: a zoomed page scrolls by fractions and may stop just short of the end.
      const start = el.scrollLeft > 1;
      const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setHidden((was) => (was.start === start && was.end === end ? was : { start, end }));
    };
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    // The strip's room changes with the window; the row's width with fonts and its labels.
    const resized = new ResizeObserver(measure);
    resized.observe(el);
    for (const child of el.children) resized.observe(child);
    return () => {
      el.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, []);

  return (
    <div className={clsx('relative', className)}>
      <div ref={scroller} className="overflow-x-auto [scrollbar-width:none]">
        {children}
      </div>
      {hidden.start ? <EdgeFade edge="start" /> : null}
      {hidden.end ? <EdgeFade edge="end" /> : null}
    </div>
  );
}

/** The fade and chevron over an edge with more of the strip behind it; taps pass through. */
function EdgeFade({ edge }: { edge: keyof Hidden }) {
  const Chevron = edge === 'start' ? ChevronLeft : ChevronRight;
  return (
    <div
      aria-hidden="true"
      data-testid={`scroll-more-${edge}`}
      className={clsx(
        'pointer-events-none absolute inset-y-0 flex w-12 items-center text-muted from-canvas from-35% to-transparent',
        edge === 'start'
          ? 'left-0 justify-start bg-gradient-to-r pl-0.5'
          : 'right-0 justify-end bg-gradient-to-l pr-0.5',
      )}
    >
      <Chevron className="size-4" />
    </div>
  );
}
