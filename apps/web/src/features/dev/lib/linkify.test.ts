import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

describe('linkify', () => {
  it('turns http(s) addresses into links and leaves the rest as text', () => {
    expect(linkify('Open http://localhost:3000/verify-email?token=ab_C-1.\nThanks')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', href: 'http://localhost:3000/verify-email?token=ab_C-1' },
      { kind: 'text', text: '.\nThanks' },
    ]);
    expect(linkify('(see https://sikka.example/a)')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', href: 'https://sikka.example/a' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('links nothing else', () => {
    expect(linkify('javascript:alert(1) mailto:a@b.co <a href="x">')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) mailto:a@b.co <a href="x">' },
    ]);
    expect(linkify('')).toEqual([]);
  });
});
