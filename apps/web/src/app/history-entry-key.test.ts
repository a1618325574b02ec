import { describe, expect, it } from 'vitest';
import { keyThisHistoryEntry } from './history-entry-key.ts';

/** A History of one entry whose state can be set, as a full page load leaves it. */
function historyWith(state: unknown): History {
  const fake = { state, replaceState: (next: unknown) => void (fake.state = next) };
  return fake as unknown as History;
}

describe('keyThisHistoryEntry', () => {
  it('gives an entry opened by a full load a key of its own', () => {
    const a = historyWith(null);
    const b = historyWith(null);
    keyThisHistoryEntry(a);
    keyThisHistoryEntry(b);
    const keyA = (a.state as { key: string }).key;
    expect(keyA).toMatch(/^[a-z0-9]{8}$/);
    // Two fresh loads never share one saved scroll position.
    expect((b.state as { key: string }).key).not.toBe(keyA);
  });

  it("keeps the key and the router's fields of an entry it meets again (reload, back)", () => {
    const h = historyWith({ idx: 3, usr: { from: '/x' }, key: 'abc12345' });
    keyThisHistoryEntry(h);
    expect(h.state).toEqual({ idx: 3, usr: { from: '/x' }, key: 'abc12345' });
    const noKey = historyWith({ idx: 0, usr: null });
    keyThisHistoryEntry(noKey);
    expect(noKey.state).toMatchObject({ idx: 0, usr: null, key: expect.any(String) });
  });
});
