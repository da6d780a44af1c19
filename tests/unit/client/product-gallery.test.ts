// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductDetail } from '../../../client/src/features/products/components/product-detail';
import { productFixture } from './marketplace-fixtures';

afterEach(cleanup);

const images = (id: string) => [1, 2, 3].map((n) => `/${id}-${n}.png`);
const detail = (id: string) =>
  createElement(
    MemoryRouter,
    null,
    createElement(ProductDetail, { product: productFixture(id, { images: images(id) }), cartControl: null, onBuyNow: () => {}, related: null }),
  );
const mainImage = (id: string) => screen.getByRole('img', { name: `Product ${id}` }).getAttribute('src');
const thumbs = () => screen.getAllByRole('button', { name: /^Show image/ });

describe('the product gallery', () => {
  it('opens another product (a related product’s card) on its first image', () => {
    const { rerender } = render(detail('a'));
    fireEvent.click(screen.getByRole('button', { name: 'Show image 3 of 3' }));
    expect(mainImage('a')).toBe('/a-3.png');

    rerender(detail('b'));
    expect(mainImage('b')).toBe('/b-1.png');
    expect(thumbs().map((t) => t.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
  });
});
