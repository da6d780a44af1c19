/**
 * Gives the tab's current history entry a key of its own when it has none, before the router reads it. A full page load
 * (a URL typed, a link from elsewhere, a payment's redirect) starts on an entry with no history state, which the router
 * would key "default"; every such entry of a tab would then share one saved scroll position, and a URL opened fresh
 * would land where another page was left. Keyed, a new load starts at the top, while a reload keeps its entry's state
 * and so its position, and back and forward find theirs.
 */
export function keyFreshEntry(history: Pick<History, 'state' | 'replaceState'> = window.history): void {
  const state = history.state as { key?: unknown } | null;
  if (state && typeof state.key === 'string') return;
  history.replaceState({ usr: null, idx: 0, ...(state ?? {}), key: Math.random().toString(36).slice(2, 10) }, '');
}
