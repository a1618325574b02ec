/**
 * Gives a history entry opened by a full page load its own key, as the router gives the
 * entries it pushes.
 *
 * Why: React Router keys saved scroll positions by `location.key`, and an entry opened by a
 * full load (a typed address, a link from a mail, a reload of a new tab) has no key, so the
 * router calls it 'default'. Every such entry then shared one saved position: scroll down one
 * fully loaded page, load another, and the new page opened scrolled down too (most visible on
 * phones, where pages are long). With its own key a new page starts at the top; a reload or
 * back/forward keeps the entry's state, so its key and its saved position come back.
 *
 * Runs before the router reads history (createBrowserRouter); keeps the state's other fields
 * (the router's `idx` and `usr`).
 */
export function keyThisHistoryEntry(history: History = window.history): void {
  const state: unknown = history.state;
  const current =
    state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  if (typeof current.key === 'string' && current.key !== '') return;
  // The router's own key format: 8 base-36 characters.
  const key = Math.random().toString(36).slice(2, 10).padEnd(8, '0');
  history.replaceState({ ...current, key }, '');
}
