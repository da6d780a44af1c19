// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Navbar } from '../../../client/src/app/layouts/navbar';
import { useSearch } from '../../../client/src/features/products/stores/search-store';

afterEach(() => {
  cleanup();
  useSearch.setState({ query: '' });
});

function Path() {
  return createElement('output', { 'data-testid': 'path' }, useLocation().pathname);
}

/** A page off /products with the phone menu open, and focus in the menu's search box. */
function searchingFromMenu(): void {
  render(createElement(MemoryRouter, { initialEntries: ['/about'] }, createElement(Navbar), createElement(Path)));
  fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  document.getElementById('mobile-search')!.focus();
}

/** A keystroke in the focused field, as the phone's keyboard types it. */
function typed(letter: string): void {
  const field = document.activeElement;
  if (!(field instanceof HTMLInputElement)) throw new Error(`nothing to type into: focus is on ${field?.tagName}`);
  fireEvent.change(field, { target: { value: field.value + letter } });
}

describe('searching from the phone menu', () => {
  it('keeps the search box under the shopper’s fingers after the first letter takes them to the products', () => {
    searchingFromMenu();

    typed('a');
    expect(screen.getByTestId('path').textContent).toBe('/products');
    typed('p');

    expect(useSearch.getState().query).toBe('ap');
    const focused = document.activeElement;
    expect(focused instanceof HTMLInputElement && focused.type === 'search' && focused.isConnected).toBe(true);
    expect((focused as HTMLInputElement).value).toBe('ap');
  });

  it('still closes once the shopper follows one of its links', () => {
    searchingFromMenu();
    typed('a');

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Contact' }));
    expect(screen.getByTestId('path').textContent).toBe('/contact');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });
});
