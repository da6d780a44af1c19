// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreTotals } from '../../../client/src/features/operator/components/store-totals';

const YEARS = 'Dates must be in the years 2000 to 2100';
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', async (input: string) => {
    asked.push(input);
    return new Response(JSON.stringify({ success: false, message: 'Totals are not kept for that period', code: 'invalid_request' }), {
      status: 400,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Store Totals page', () => {
  it('tells a date outside the years the server accepts at its field, without asking', async () => {
    render(createElement(StoreTotals, { refreshKey: 0 }));
    await screen.findByRole('alert');
    asked.length = 0;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '1999-12-01' } });
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(YEARS)).toBeTruthy();
    expect(asked).toEqual([]);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    asked.length = 0;
    fireEvent.change(screen.getByLabelText('To (included)'), { target: { value: '2101-01-01' } });
    expect(screen.getByLabelText('To (included)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(YEARS)).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it('shows the server’s reason when it refuses the request, not a connection problem', async () => {
    render(createElement(StoreTotals, { refreshKey: 0 }));
    expect((await screen.findByRole('alert')).textContent).toBe('Totals are not kept for that period');
    expect(screen.queryByText(/Check your connection/)).toBeNull();
  });
});
