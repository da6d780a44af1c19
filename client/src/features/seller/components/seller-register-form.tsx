import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AddressInput } from '@core/contracts/http/addresses';
import type { StoreDto } from '@core/contracts/http/store-replies';
import { SellerRegisterBody } from '@core/contracts/http/stores';
import { EmailField, FormField, PasswordField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { useZodForm } from '../../../hooks/use-zod-form';
import { sellerRegister } from '../api/seller-session';
import { registerErrorsOf } from '../lib/register-errors';
import './seller.css';

type AddressKey = keyof AddressInput;
type PickupKey = `address.${AddressKey}`;
type Values = { storeName: string; name: string; email: string; phone: string; password: string } & Record<PickupKey, string>;

/** What one pickup input gets: useZodForm's `field(name)` with its own id (the page has two emails and two phones). */
export type PickupFieldProps = { name: string; value: string; error?: string; onChange: (e: { target: { value: string } }) => void; id: string; required: boolean };

const pickup = (key: AddressKey): PickupKey => `address.${key}`;
const keysOf = (address: Record<AddressKey, string>) => Object.keys(address) as AddressKey[];

function initialValues(blankAddress: Record<AddressKey, string>): Values {
  const address = Object.fromEntries(keysOf(blankAddress).map((k) => [pickup(k), blankAddress[k]]));
  return { storeName: '', name: '', email: '', phone: '', password: '', ...address } as Values;
}

/** The typed values in the contract's shape: the pickup address nested under `address`. */
function registerInputOf(values: Values, keys: AddressKey[]) {
  const { storeName, name, email, phone, password } = values;
  const address = Object.fromEntries(keys.map((k) => [k, values[pickup(k)]]));
  return { storeName, name, email, phone, password, address };
}

type SellerRegisterFormProps = {
  onRegistered: (store: StoreDto) => void;
  /** A blank address as the address form starts (its fields and defaults). */
  blankAddress: Record<AddressKey, string>;
  /** The address inputs, composed by the app: the same ones the shopper's address form shows. */
  pickupFields: (field: (name: AddressKey) => PickupFieldProps) => ReactNode;
};

/**
 * "Become Seller": the store, its contact, its sign-in and its pickup address (the shopper's address inputs). Errors
 * from the contract's schema and from the server's refusals (a taken email, a refused field) show at their fields.
 */
export function SellerRegisterForm({ onRegistered, blankAddress, pickupFields }: SellerRegisterFormProps) {
  const form = useZodForm({
    initial: () => initialValues(blankAddress),
    schema: SellerRegisterBody,
    toInput: (values) => registerInputOf(values, keysOf(blankAddress)),
    serverErrors: registerErrorsOf,
    onSubmit: async (body) => {
      const reply = await sellerRegister(body);
      toast.success(reply.message);
      onRegistered(reply.seller);
    },
  });
  const field = (name: keyof Values & string) => ({ ...form.field(name), required: true });

  return (
    <form className="seller-login__form seller-register" onSubmit={form.handleSubmit} noValidate aria-labelledby="seller-register-title">
      <h1 id="seller-register-title" className="seller-login__title">
        <span className="accent">Become</span> a Seller
      </h1>
      <p className="muted seller-register__lead">
        Sell on FreshCart from your own store. We review every new store; your products go live once it is approved.
      </p>
      <fieldset className="seller-register__group">
        <legend>Your store</legend>
        <FormField label="Store name" autoComplete="organization" {...field('storeName')} />
        <FormField label="Contact name" autoComplete="name" {...field('name')} />
        <EmailField autoComplete="username" placeholder="store@example.com" {...field('email')} />
        {/* Room for the spacing people write (`+91 987 654 3210`), as on the address form; the contract checks the digits. */}
        <FormField label="Mobile number" type="tel" inputMode="tel" autoComplete="tel-national" maxLength={20} {...field('phone')} />
        <PasswordField autoComplete="new-password" placeholder="At least 8 characters" {...field('password')} />
      </fieldset>
      <fieldset className="seller-register__group">
        <legend>Pickup address</legend>
        {pickupFields((name) => ({ ...field(pickup(name)), id: `pickup-${name}` }))}
      </fieldset>
      <button type="submit" className="btn btn--block" disabled={form.busy}>
        {form.busy ? 'Please wait…' : 'Register store'}
      </button>
      <p className="seller-login__switch">
        Already selling here? <Link to="/seller">Seller login</Link>
      </p>
    </form>
  );
}
