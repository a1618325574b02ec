import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppSkeleton } from './app-skeleton.tsx';

const INDEX_HTML = new URL('../../../index.html', import.meta.url);

/** Markup compared without the line breaks and indentation a formatter adds. */
const normalize = (html: string) =>
  html
    .replace(/\s+/g, ' ')
    .replace(/>\s+</g, '><')
    .replace(/\s+(\/?>)/g, '$1')
    .trim();

describe('the static start-up skeleton in index.html', () => {
  it('is the markup AppSkeleton renders, so the first paint and React’s first render match', () => {
    const html = readFileSync(INDEX_HTML, 'utf8');
    const root = /<div id="root">([\s\S]*)<\/div>\s*<script/.exec(html)?.[1];
    expect(root, 'index.html has a #root with the skeleton in it').toBeTruthy();
    expect(normalize(root!)).toBe(normalize(renderToStaticMarkup(<AppSkeleton />)));
  });
});
