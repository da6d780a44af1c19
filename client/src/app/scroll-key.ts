import type { Location } from 'react-router-dom';

/**
 * The key a page's scroll position is saved and restored under. Every full page load of a tab starts on an entry
 * keyed "default" (nothing in its history state yet), so keyed by that alone, the position left on one page would be
 * restored on the next URL typed or opened: those entries are told apart by their URL instead. Entries made in the
 * page keep their own key, so back and forward still return to where the shopper was.
 */
export function scrollKey(location: Pick<Location, 'key' | 'pathname' | 'search'>): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}
