import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';
import { footerGroups, footerLabel } from './footer-links.ts';

describe('footer links', () => {
  it('name every destination once, so the router can title info pages by them', () => {
    const links = footerGroups.flatMap((group) => group.links);
    expect(new Set(links.map((link) => link.to)).size).toBe(links.length);
    expect(footerLabel(paths.submitTicket)).toBe('Submit a Ticket');
    expect(footerLabel('/nowhere')).toBeUndefined();
  });
});
