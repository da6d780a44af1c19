// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductRoute } from '../../../client/src/app/routes/product-page';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { useCart } from '../../../client/src/features/cart/stores/cart-store';
import { useProducts } from '../../../client/src/features/products/stores/products-store';
import { productFixture } from './marketplace-fixtures';

afterEach(() => {
  cleanup();
  useToasts.setState({ toasts: [] });
  useCart.setState({ items: {}, revision: 0, savedRevision: 0 });
  useProducts.setState({ products: [], status: 'idle' });
});

function openProductPage() {
  useProducts.setState({ products: [productFixture('p1', { name: 'Alphonso Mango', images: ['/mango.png'] })], status: 'ready' });
  render(
    createElement(
      MemoryRouter,
      { initialEntries: ['/products/fruits/p1'] },
      createElement(Routes, null, createElement(Route, { path: '/products/:category/:id', element: createElement(ProductRoute) })),
    ),
  );
}

describe('the product page’s Add to Cart', () => {
  it('turns into the cards’ − n + counter once the product is in the cart, focus on its +, Buy now kept', () => {
    openProductPage();
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));

    const counter = screen.getByRole('group', { name: 'Alphonso Mango quantity' });
    expect(counter.textContent).toContain('1');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add one more Alphonso Mango' }));
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add one more Alphonso Mango' }));
    expect(useCart.getState().items).toEqual({ p1: 2 });
    expect(screen.getByTestId('card-quantity').textContent).toBe('2');
  });

  it('shows the counter for a product already in the cart, and Add to Cart again once the last one is taken out', () => {
    useCart.setState({ items: { p1: 1 } });
    openProductPage();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove one Alphonso Mango' }));
    expect(useCart.getState().items).toEqual({});
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add to Cart' }));
  });
});
