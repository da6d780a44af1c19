import type { AddressInput } from '@core/contracts/http/addresses';
import { FormField } from '../../../components/ui/form-field';
import './addresses.css';

/** An address form's text values by field. */
export type AddressValues = Record<keyof AddressInput, string>;

/** A blank address (most of our shoppers and stores are in India). */
export const EMPTY_ADDRESS: AddressValues = {
  firstName: '',
  lastName: '',
  email: '',
  street: '',
  city: '',
  state: '',
  zipcode: '',
  country: 'India',
  phone: '',
};

/** What one address input needs from its form (useZodForm's `field(name)`, plus an id when the page has two emails). */
export type AddressFieldProps = {
  name: string;
  value: string;
  error?: string;
  onChange: (e: { target: { value: string } }) => void;
  id?: string;
  required?: boolean;
};

/**
 * The inputs of an address (the contract's AddressInput), laid out as the shopper's address form has them. Shared by
 * that form and the store sign-up's pickup address, so both ask for the same thing the same way.
 */
export function AddressFields({ field }: { field: (name: keyof AddressInput) => AddressFieldProps }) {
  return (
    <>
      <div className="address-form__row">
        <FormField label="First name" autoComplete="given-name" {...field('firstName')} />
        <FormField label="Last name" autoComplete="family-name" {...field('lastName')} />
      </div>
      <FormField label="Email address" type="email" autoComplete="email" {...field('email')} />
      <FormField label="Street" autoComplete="street-address" {...field('street')} />
      <div className="address-form__row">
        <FormField label="City" autoComplete="address-level2" {...field('city')} />
        <FormField label="State" autoComplete="address-level1" {...field('state')} />
      </div>
      <div className="address-form__row">
        <FormField
          label="PIN code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          autoComplete="postal-code"
          {...field('zipcode')}
        />
        <FormField label="Country" autoComplete="country-name" {...field('country')} />
      </div>
      {/* Room for the spacing people write (`+91 987 654 3210`); the contract strips it and checks the digits. */}
      <FormField label="Phone" type="tel" inputMode="tel" autoComplete="tel-national" maxLength={20} {...field('phone')} />
    </>
  );
}
