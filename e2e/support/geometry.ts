import type { Locator, Page } from 'playwright-core';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes share any area (touching edges do not count). */
export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The boxes of every element a locator matches, in viewport coordinates. */
export async function boxes(locator: Locator): Promise<Box[]> {
  return locator.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
}

/**
 * Whether a person could click the element: the topmost element at its centre is the element
 * or inside it (not a banner, toast or bar drawn over it). Scrolls it into view first, as a
 * person would; false when its centre is outside the viewport.
 */
export async function reachableAtCentre(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.x + r.width / 2;
    const y = r.y + r.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const top = document.elementFromPoint(x, y);
    return top !== null && (top === el || el.contains(top));
  });
}

/** The page's vertical scroll position in CSS px. */
export function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}
