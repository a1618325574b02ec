import { describe, expect, it } from 'vitest';
import { routeErrorMessage } from './route-error-message.ts';

describe('routeErrorMessage', () => {
  it("shows a thrown error's message", () => {
    expect(
      routeErrorMessage(new TypeError('Failed to fetch dynamically imported module: x.js')),
    ).toBe('Failed to fetch dynamically imported module: x.js');
  });

  it('shows status and text of a route error response', () => {
    const response = { status: 404, statusText: 'Not Found', internal: true, data: 'No route' };
    expect(routeErrorMessage(response)).toBe('404 Not Found: No route');
  });

  it('copes with strings and other values', () => {
    expect(routeErrorMessage('plain')).toBe('plain');
    expect(routeErrorMessage({ a: 1 })).toBe('{"a":1}');
    expect(routeErrorMessage(undefined)).toBe('undefined');
  });
});
