import { beforeEach, describe, expect, it } from 'vitest';
import { toast, useToasts } from '../../../client/src/components/ui/toast/toast-store';

const showing = () => useToasts.getState().toasts.map((t) => `${t.type}:${t.message}`);

describe('toasts', () => {
  beforeEach(() => useToasts.setState({ toasts: [] }));

  it('shows one toast per kind: a repeat replaces the one showing', () => {
    for (let i = 0; i < 5; i++) toast.success('Added To Cart');
    expect(showing()).toEqual(['success:Added To Cart']);
    toast.success('Cart updated');
    expect(showing()).toEqual(['success:Cart updated']);
  });

  it('clears errors when a success follows them', () => {
    toast.error('Could not reach FreshCart');
    toast('Signed in elsewhere');
    toast.success('Added To Cart');
    expect(showing()).toEqual(['blank:Signed in elsewhere', 'success:Added To Cart']);
  });

  it('turns a loading toast into its outcome under the same id', () => {
    const id = toast.loading('Placing order…');
    toast.success('Order placed', { id });
    expect(showing()).toEqual(['success:Order placed']);
    expect(useToasts.getState().toasts[0]!.id).toBe(id);
  });

  it('keeps a new error beside an older success', () => {
    toast.success('Added To Cart');
    toast.error('Out of stock');
    expect(showing()).toEqual(['success:Added To Cart', 'error:Out of stock']);
  });
});
