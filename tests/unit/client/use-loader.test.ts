// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { create } from 'zustand';
import { listHandlers, useLoader, type LoaderHandlers } from '../../../client/src/hooks/use-loader';
import type { LoadedList } from '../../../client/src/lib/load-status';

/** A load whose answer the test decides, one per run. */
function controlledLoads<T>() {
  const runs: { resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  const load = () => new Promise<T>((resolve, reject) => runs.push({ resolve, reject }));
  return { load, runs };
}

function recorder<T>(extra: Partial<LoaderHandlers<T>> = {}) {
  const seen: string[] = [];
  const handlers: LoaderHandlers<T> = {
    started: () => seen.push('started'),
    loaded: (v) => seen.push(`loaded ${String(v)}`),
    failed: (e) => seen.push(`failed ${(e as Error).message}`),
    ...extra,
  };
  return { seen, handlers };
}

const toastTexts = () => useToasts.getState().toasts.map((t) => t.message);

describe('useLoader', () => {
  afterEach(() => useToasts.setState({ toasts: [] }));

  it('loads on mount and hands the answer over', async () => {
    const { load, runs } = controlledLoads<string>();
    const { seen, handlers } = recorder<string>();
    renderHook(() => useLoader(load, [], handlers));
    await act(async () => runs[0]!.resolve('page 1'));
    expect(seen).toEqual(['started', 'loaded page 1']);
  });

  it('drops a slow answer that a newer run has superseded', async () => {
    const { load, runs } = controlledLoads<string>();
    const { seen, handlers } = recorder<string>();
    const { rerender } = renderHook(({ page }) => useLoader(load, [page], handlers), { initialProps: { page: 1 } });
    rerender({ page: 2 });
    await act(async () => runs[1]!.resolve('page 2'));
    await act(async () => runs[0]!.resolve('page 1, late'));
    expect(seen).toEqual(['started', 'started', 'loaded page 2']);
  });

  it('ignores answers after unmount', async () => {
    const { load, runs } = controlledLoads<string>();
    const { seen, handlers } = recorder<string>();
    const { unmount } = renderHook(() => useLoader(load, [], handlers));
    unmount();
    await act(async () => runs[0]!.resolve('too late'));
    expect(seen).toEqual(['started']);
  });

  it('reports a failure and shows its reason as a toast, unless the component shows it itself', async () => {
    const { load, runs } = controlledLoads<string>();
    const loud = recorder<string>();
    renderHook(() => useLoader(load, [], loud.handlers));
    await act(async () => runs[0]!.reject(new Error('Seller login required')));
    expect(loud.seen).toEqual(['started', 'failed Seller login required']);
    expect(toastTexts()).toEqual(['Seller login required']);

    const quiet = recorder<string>({ quiet: true });
    renderHook(() => useLoader(load, [], quiet.handlers));
    await act(async () => runs[1]!.reject(new Error('offline')));
    expect(quiet.seen).toEqual(['started', 'failed offline']);
    expect(toastTexts()).toEqual(['Seller login required']);
  });

  it('loads nothing while there is nothing to load, and again on reload()', async () => {
    const { load, runs } = controlledLoads<string>();
    const { seen, handlers } = recorder<string>();
    const { result, rerender } = renderHook(({ on }) => useLoader(on ? load : null, [], handlers), { initialProps: { on: false } });
    expect(runs).toHaveLength(0);
    rerender({ on: true });
    await act(async () => runs[0]!.resolve('first'));
    act(() => result.current.reload());
    await act(async () => runs[1]!.resolve('second'));
    expect(seen).toEqual(['started', 'loaded first', 'started', 'loaded second']);
  });

  it('drives a list store through its own Requested, Loaded and Failed actions', async () => {
    const useFruits = create<LoadedList<'fruits', string>>()((set) => ({
      fruits: [],
      status: 'idle',
      fruitsRequested: () => set({ status: 'loading' }),
      fruitsLoaded: (fruits) => set({ fruits, status: 'ready' }),
      fruitsFailed: () => set({ status: 'error' }),
    }));
    const { load, runs } = controlledLoads<string[]>();
    const { result } = renderHook(() => useLoader(load, [], listHandlers(useFruits, 'fruits', { quiet: true })));
    expect(useFruits.getState().status).toBe('loading');
    await act(async () => runs[0]!.resolve(['mango', 'guava']));
    expect(useFruits.getState()).toMatchObject({ fruits: ['mango', 'guava'], status: 'ready' });
    act(() => result.current.reload());
    await act(async () => runs[1]!.reject(new Error('offline')));
    expect(useFruits.getState().status).toBe('error');
    expect(toastTexts()).toEqual([]);
  });
});
