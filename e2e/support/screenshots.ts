import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { AppShell } from '../page-models/app-shell.ts';
import { VIEWPORTS, type Viewport } from './e2e-app.ts';

/** Kept as test artifacts (STYLE.md): test-results/screenshots/<name>-<w>x<h>.png. */
export const SCREENSHOT_DIR = fileURLToPath(
  new URL('../../test-results/screenshots/', import.meta.url),
);

/** Saves what the page shows now, named by its viewport. Returns the file path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const size = page.viewportSize() ?? VIEWPORTS.desktop;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}.png`);
  // Settle: fonts and any entrance transitions finish before the picture is taken, and two
  // frames pass, so a market row just scrolled into view has left content-visibility's skip
  // (the frame that finds it on screen renders it in the next).
  await page.evaluate(() =>
    document.fonts.ready.then(
      () =>
        new Promise<void>((done) =>
          requestAnimationFrame(() => requestAnimationFrame(() => done())),
        ),
    ),
  );
  await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}

/**
 * One screenshot at 1280×800 and one at 390×844. `prepare` runs after each resize (e.g. to
 * open a menu that only exists at one size).
 */
export async function screenshotBothSizes(
  page: Page,
  name: string,
  prepare?: (page: Page, viewport: Viewport) => Promise<void>,
): Promise<string[]> {
  const files: string[] = [];
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
    await page.setViewportSize(viewport);
    await prepare?.(page, viewport);
    files.push(await screenshot(page, name));
  }
  return files;
}

/**
 * What a person checks on a screen before its picture is kept, at each size: what must be
 * visible is, and nothing runs off the side (no sideways scrolling). For `screenshotBothSizes`.
 */
export function looksRight(...visible: Locator[]) {
  return async (page: Page): Promise<void> => {
    for (const locator of visible) await expect(locator).toBeVisible();
    const shell = new AppShell(page);
    const size = page.viewportSize();
    await expect
      .poll(() => shell.horizontalOverflow(), {
        message: `sideways overflow at ${size?.width}×${size?.height}: ${(await shell.overflowingElements()).join(', ')}`,
      })
      .toBe(0);
  };
}
