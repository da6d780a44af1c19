/** Where a store's server data stands: not asked yet, on its way, here, or failed. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Nothing to show yet: a spinner's time. */
export const isLoading = (status: LoadStatus): boolean => status === 'idle' || status === 'loading';

/**
 * What every store that loads a list from the server has, named after its items (`products`, `orders`, …): the
 * list, where loading stands, and the three things that happen to a request (`…Requested`, `…Loaded`, `…Failed`).
 */
export type LoadedList<Name extends string, Item> = Record<Name, Item[]> & { status: LoadStatus } & Record<
  `${Name}Requested` | `${Name}Failed`,
  () => void
> &
  Record<`${Name}Loaded`, (items: Item[]) => void>;
