import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { firstScreens } from './first-screens.tsx';

/** Markup of the first screen the build pre-renders for `path` (vite-prerender.ts). */
function markup(path: string): string {
  const screen = firstScreens[path];
  if (!screen) throw new Error(`no first screen for ${path}`);
  return renderToStaticMarkup(createElement(screen.Component));
}

/**
 * The build pre-renders these into the HTML of / and /markets: each must be the start-up
 * skeleton (PRODUCT.md §2, the same accessible status the app shows) with the page's own text.
 */
describe('the pre-rendered first screens', () => {
  it('cover / and /markets, each inside the start-up skeleton’s status', () => {
    expect(Object.keys(firstScreens).sort()).toEqual(['/', '/markets']);
    for (const path of ['/', '/markets'])
      expect(markup(path)).toMatch(/^<div role="status" aria-label="Loading Sikka"/);
  });

  it('carry the landing page’s hero text and the markets page’s title and intro', () => {
    const home = markup('/');
    expect(home).toContain('<h1');
    expect(home).toContain('Buy, sell and store crypto in India');
    expect(home).toContain('Trade Bitcoin, Ethereum, USDT and more with rupees.');
    const markets = markup('/markets');
    expect(markets).toContain('>Market Overview</h1>');
    expect(markets).toContain('Live INR prices for every coin on Sikka, updated every second');
    expect(firstScreens['/markets']?.title).toBe('Markets');
  });
});
