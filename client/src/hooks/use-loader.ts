import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { toast } from '../components/ui/toast/toast-store';
import { errorMessage } from '../lib/api-client';
import type { LoadedList } from '../lib/load-status';

export type LoaderHandlers<T> = {
  /** Called as each run starts (a store's `…Requested`). */
  started?: () => void;
  loaded: (value: T) => void;
  failed?: (error: unknown) => void;
  /** The component shows a failure itself (inline message, fallback); otherwise its reason is an error toast. */
  quiet?: boolean;
};

/**
 * The one way a component loads server data: runs `load` when `deps` change (and on `reload()`), and hands the answer
 * to `loaded` only if no newer run started and the component is still there, so a slow answer for an old filter
 * or page never overwrites a newer one. `load` may be null to load nothing for now. Handlers are read at the time
 * the answer arrives, so they need not be listed in `deps`.
 */
export function useLoader<T>(load: (() => Promise<T>) | null, deps: DependencyList, handlers: LoaderHandlers<T>): { reload: () => void } {
  const latest = useRef({ load, handlers });
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    latest.current = { load, handlers };
  });

  useEffect(() => {
    const { load: run, handlers: on } = latest.current;
    if (!run) return;
    let superseded = false;
    on.started?.();
    run().then(
      (value) => {
        if (!superseded) latest.current.handlers.loaded(value);
      },
      (error: unknown) => {
        if (superseded) return;
        const on = latest.current.handlers;
        on.failed?.(error);
        if (!on.quiet) toast.error(errorMessage(error));
      },
    );
    return () => {
      superseded = true;
    };
    // `deps` stand for what `load` reads; the hook adds whether there is anything to load and the manual reloads.
  }, [...deps, load === null, reloads]);

  return { reload: useCallback(() => setReloads((n) => n + 1), []) };
}

/** The loader handlers of a list store (lib/load-status.ts `LoadedList`): its own Requested, Loaded and Failed actions. */
export function listHandlers<Name extends string, Item>(
  store: { getState: () => LoadedList<Name, Item> },
  name: Name,
  options: { quiet?: boolean } = {},
): LoaderHandlers<Item[]> {
  // TypeScript cannot index a generic template-literal key, so the store is read as the record of actions it is.
  const action = (suffix: 'Requested' | 'Loaded' | 'Failed') =>
    (store.getState() as unknown as Record<string, (items?: Item[]) => void>)[`${name}${suffix}`]!;
  return {
    started: () => action('Requested')(),
    loaded: (items) => action('Loaded')(items),
    failed: () => action('Failed')(),
    quiet: options.quiet,
  };
}
