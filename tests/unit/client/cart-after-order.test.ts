// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { hasUnsavedChanges, useCart } from '../../../client/src/features/cart/stores/cart-store';

beforeEach(() => useCart.setState({ items: {}, owner: 'u1', revision: 0, savedRevision: 0 }));

describe('the cart once a cash-on-delivery order is placed', () => {
  it('drops what was ordered and keeps what the shopper changed while the order was on its way', () => {
    useCart.getState().cartReplaced({ apples: 2, milk: 1, bread: 1 }, 'u1');
    // Pressed Place Order with that cart; meanwhile raised apples to 3, removed bread, added paneer.
    const ordered = [
      { product: 'apples', quantity: 2 },
      { product: 'milk', quantity: 1 },
      { product: 'bread', quantity: 1 },
    ];
    useCart.getState().quantitySet('apples', 3);
    useCart.getState().itemRemoved('bread');
    useCart.getState().itemAdded('paneer');

    useCart.getState().orderPlaced(ordered);
    expect(useCart.getState().items).toEqual({ apples: 1, paneer: 1 });
    // The server's copy was emptied by the checkout: what is left is a change to save.
    expect(hasUnsavedChanges(useCart.getState())).toBe(true);
  });

  it('is empty when nothing changed meanwhile', () => {
    useCart.getState().cartReplaced({ apples: 2 }, 'u1');
    useCart.getState().orderPlaced([{ product: 'apples', quantity: 2 }]);
    expect(useCart.getState().items).toEqual({});
  });
});
