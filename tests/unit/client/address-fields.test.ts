// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { safeParse } from 'zod/mini';
import { afterEach, describe, expect, it } from 'vitest';
import { AddressInput } from '../../../core/contracts/http/addresses';
import { AddressFields, EMPTY_ADDRESS } from '../../../client/src/features/addresses/components/address-fields';

afterEach(cleanup);

function renderFields() {
  render(createElement(AddressFields, { field: (name) => ({ name, value: EMPTY_ADDRESS[name], onChange: () => {} }) }));
}

describe('the address inputs', () => {
  // A browser stops typing at maxLength without a word, so a cap shorter than a valid number leaves the shopper with
  // a number they cannot finish and an error they cannot fix.
  it.each(['+91 98765 43210', '+91-98765-43210', '+91 987 654 3210', '98765 43210'])(
    'let the shopper type the whole of the mobile number %j, which the contract accepts',
    (phone) => {
      renderFields();
      const input = screen.getByLabelText('Phone') as HTMLInputElement;
      expect(safeParse(AddressInput.shape.phone, phone).success).toBe(true);
      expect(input.maxLength).toBeGreaterThanOrEqual(phone.length);
    },
  );
});
