// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { useAction } from '../../../client/src/hooks/use-action';

describe('useAction', () => {
  afterEach(() => useToasts.setState({ toasts: [] }));

  it('names what is under way until it ends', async () => {
    let finish = () => {};
    const { result } = renderHook(() => useAction<string>());
    let running!: Promise<void>;
    act(() => void (running = result.current.run('address-1', () => new Promise<void>((resolve) => (finish = resolve)))));
    expect(result.current.pending).toBe('address-1');
    expect(result.current.busy).toBe(true);
    await act(async () => (finish(), running));
    expect(result.current.pending).toBeNull();
  });

  it('shows a failure as an error toast after undoing what the caller asks', async () => {
    const undone: string[] = [];
    const { result } = renderHook(() => useAction());
    await act(() =>
      result.current.run(
        true,
        async () => {
          throw new Error('This order cannot move back');
        },
        () => undone.push('stock toggle'),
      ),
    );
    expect(undone).toEqual(['stock toggle']);
    expect(useToasts.getState().toasts.map((t) => [t.type, t.message])).toEqual([['error', 'This order cannot move back']]);
    expect(result.current.busy).toBe(false);
  });
});
