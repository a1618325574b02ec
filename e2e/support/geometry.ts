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

/** Whether `inner` lies wholly inside `outer` (edges may touch). */
export function within(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

/**
 * Texts inside the element that are drawn over one another, as 'a ⟷ b' (empty when each has
 * its own room). Measured on the glyphs' lines, not the elements' boxes: a line that does not
 * wrap runs out of its box (into the next column, say) while the box stays where it was.
 */
export async function overlappingTexts(locator: Locator): Promise<string[]> {
  return locator.evaluate((root) => {
    // Half a pixel: neighbouring texts on one line ('Tx ' then the hash) meet at an edge.
    const SLACK = 0.5;
    const lines: Array<{ node: number; text: string; r: DOMRect }> = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let node = 0;
    for (let n = walker.nextNode(); n; n = walker.nextNode(), node++) {
      const text = n.textContent?.trim() ?? '';
      const parent = n.parentElement?.getBoundingClientRect();
      // Screen-reader-only text (a clipped 1 px box) is not drawn.
      if (!text || !parent || parent.width <= 1 || parent.height <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        if (r.width > 0 && r.height > 0) lines.push({ node, text, r });
      }
    }
    const found: string[] = [];
    for (const [i, a] of lines.entries()) {
      for (const b of lines.slice(i + 1)) {
        if (a.node === b.node) continue;
        const apart =
          a.r.right - SLACK <= b.r.left ||
          b.r.right - SLACK <= a.r.left ||
          a.r.bottom - SLACK <= b.r.top ||
          b.r.bottom - SLACK <= a.r.top;
        if (!apart) found.push(`${a.text} ⟷ ${b.text}`);
      }
    }
    return found;
  });
}
