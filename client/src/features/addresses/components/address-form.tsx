import { AddressInput } from '@core/contracts/http/addresses';
import { AddressDto } from '@core/contracts/http/address-replies';
import { toast } from '../../../components/ui/toast/toast-store';
import { useZodForm } from '../../../hooks/use-zod-form';
import { addAddress, updateAddress } from '../api/save-address';
import { useAddresses } from '../stores/address-store';
import { AddressFields, EMPTY_ADDRESS, type AddressValues } from './address-fields';
import './addresses.css';

/** Navigation state of /add-address in edit mode. */
export type AddressFormState = { edit: true; address: AddressDto };

export function readAddressFormState(state: unknown): AddressFormState | null {
  if (typeof state !== 'object' || state === null || !('edit' in state) || state.edit !== true) return null;
  const parsed = AddressDto.safeParse('address' in state ? state.address : undefined);
  return parsed.success ? { edit: true, address: parsed.data } : null;
}

type Values = AddressValues;

function valuesOf(a: AddressDto): Values {
  const { firstName, lastName, email, street, city, state, zipcode, country, phone } = a;
  return { firstName, lastName, email, street, city, state, zipcode, country, phone };
}

type AddressFormProps = {
  editing: AddressDto | null;
  onSaved: () => void;
};

export function AddressForm({ editing, onSaved }: AddressFormProps) {
  const addressAdded = useAddresses((s) => s.addressAdded);
  const form = useZodForm({
    initial: (): Values => (editing ? valuesOf(editing) : EMPTY_ADDRESS),
    schema: AddressInput,
    onSubmit: async (address) => {
      const reply = editing ? await updateAddress(editing._id, address) : await addAddress(address);
      // The cart reloads the list on the way back and keeps a chosen address that is in it.
      if (!editing) addressAdded(reply.address);
      toast.success(reply.message);
      onSaved();
    },
  });
  const field = (name: keyof Values) => ({ ...form.field(name), required: true });
  const { busy } = form;

  return (
    <form className="address-form" onSubmit={form.handleSubmit} noValidate aria-label={editing ? 'Edit address' : 'Add address'}>
      <AddressFields field={field} />
      <button type="submit" className="btn btn--block address-form__submit" disabled={busy}>
        {busy ? 'Saving…' : editing ? 'Update address' : 'Save address'}
      </button>
    </form>
  );
}
