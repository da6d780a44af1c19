import { useEffect } from 'react';
import { BRAND_NAME } from '../config/constants';

/** The store's own title, on the home page and whenever a page sets none. */
export const HOME_TITLE = `${BRAND_NAME}: groceries delivered in 10 minutes`;

/**
 * Sets the tab's title for the page showing, "Cart · FreshCart", so tabs, history and screen readers (which announce
 * the title on navigation) tell the pages apart. `null` (still loading) leaves the title as it is.
 */
export function useDocumentTitle(page: string | null): void {
  useEffect(() => {
    if (page === null) return;
    document.title = page === '' ? HOME_TITLE : `${page} · ${BRAND_NAME}`;
  }, [page]);
}
