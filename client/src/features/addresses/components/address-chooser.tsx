import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { AddressDto } from '@core/contracts/http/address-replies';
import { LoadFailed } from '../../../components/ui/load-failed';
import { toast } from '../../../components/ui/toast/toast-store';
import { useAction } from '../../../hooks/use-action';
import { ApiError } from '../../../lib/api-client';
import { deleteAddress } from '../api/delete-address';
import { useAddresses } from '../stores/address-store';
import { addressLine } from './address-text';
import type { AddressFormState } from './address-form';
import './addresses.css';

type AddressChooserProps = {
  isLoggedIn: boolean;
  onLoginRequested: () => void;
  /** Loads the addresses again after a failed load. */
  onRetry: () => void;
  /**
   * Counts the tries to order without an address: each brings the block into view, says what is missing and puts
   * focus on the step that fixes it (the order button may be far below it, in the bar at the bottom of a phone).
   */
  missingTries?: number;
};

/**
 * The cart's delivery address block: the chosen address, Change, Add new address, and Edit / Delete per address. A
 * shopper with no address is offered Add new address at once.
 */
export function AddressChooser({ isLoggedIn, onLoginRequested, onRetry, missingTries = 0 }: AddressChooserProps) {
  const addresses = useAddresses((s) => s.addresses);
  const selectedId = useAddresses((s) => s.selectedId);
  const status = useAddresses((s) => s.status);
  const addressSelected = useAddresses((s) => s.addressSelected);
  const addressDeleted = useAddresses((s) => s.addressDeleted);
  const [open, setOpen] = useState(false);
  const deleting = useAction<string>();
  const navigate = useNavigate();
  const block = useRef<HTMLElement>(null);
  const nextStep = useRef<HTMLElement | null>(null);
  const setNextStep = useCallback((element: HTMLElement | null) => {
    nextStep.current = element;
  }, []);

  const selected = addresses.find((a) => a._id === selectedId) ?? null;
  const noneSaved = isLoggedIn && status === 'ready' && addresses.length === 0;
  const missing = missingTries > 0 && noneSaved;

  useEffect(() => {
    if (missingTries === 0) return;
    block.current?.scrollIntoView({ block: 'center' });
    nextStep.current?.focus({ preventScroll: true });
  }, [missingTries]);

  function edit(address: AddressDto) {
    const state: AddressFormState = { edit: true, address };
    navigate('/add-address', { state });
  }

  function remove(address: AddressDto) {
    return deleting.run(address._id, async () => {
      try {
        await deleteAddress(address._id);
      } catch (error) {
        // Deleted already (in another tab or on another device): gone all the same, so it leaves the list too.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
      addressDeleted(address._id);
      toast.success('Address deleted');
    });
  }

  return (
    <section ref={block} className="address-chooser" aria-labelledby="delivery-address-title">
      <h3 id="delivery-address-title" className="summary-label">
        Delivery Address
      </h3>
      <div className="address-chooser__current">
        {/* A failed load says so: "No address found" would send the shopper to add one they already have. */}
        {!selected && status === 'error' ? (
          <LoadFailed what="your addresses" onRetry={onRetry} />
        ) : (
          <p data-testid="selected-address">
            {selected ? addressLine(selected) : status === 'loading' ? 'Loading addresses…' : 'No address found'}
          </p>
        )}
        {noneSaved ? (
          <Link
            ref={setNextStep}
            to="/add-address"
            className="btn btn--outline address-chooser__first"
            aria-describedby={missing ? 'address-missing' : undefined}
          >
            Add new address
          </Link>
        ) : isLoggedIn ? (
          <button
            ref={setNextStep}
            type="button"
            className="link-button tap-target"
            aria-expanded={open}
            aria-controls="address-options"
            onClick={() => setOpen((v) => !v)}
          >
            Change
          </button>
        ) : (
          <button type="button" className="link-button tap-target" onClick={onLoginRequested}>
            Login to add
          </button>
        )}
      </div>
      {missing ? (
        <p id="address-missing" className="address-chooser__missing">
          Add a delivery address to place your order.
        </p>
      ) : null}
      {open && isLoggedIn && !noneSaved ? (
        <div id="address-options" className="address-chooser__options">
          {addresses.length > 0 ? (
            <ul role="radiogroup" aria-label="Saved addresses">
              {addresses.map((address) => (
                <li key={address._id} className="address-option">
                  <label className="address-option__choice">
                    <input
                      type="radio"
                      name="delivery-address"
                      checked={address._id === selectedId}
                      onChange={() => {
                        addressSelected(address._id);
                        setOpen(false);
                      }}
                    />
                    <span>
                      <strong>
                        {address.firstName} {address.lastName}
                      </strong>
                      <br />
                      {addressLine(address)}
                    </span>
                  </label>
                  <div className="address-option__actions">
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => edit(address)}
                      aria-label={`Edit address ${addressLine(address)}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="link-button link-button--danger"
                      disabled={deleting.pending === address._id}
                      onClick={() => void remove(address)}
                      aria-label={`Delete address ${addressLine(address)}`}
                    >
                      Delete
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
          <Link to="/add-address" className="address-chooser__add">
            Add new address
          </Link>
        </div>
      ) : null}
    </section>
  );
}
