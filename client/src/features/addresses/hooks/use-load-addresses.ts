import { useEffect } from 'react';
import { toast } from '../../../components/ui/toast/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { getAddresses } from '../api/get-addresses';
import { useAddresses } from '../stores/address-store';

/** Loads the user's saved addresses whenever a user is logged in. */
export function useLoadAddresses(userId: string | null) {
  const addressesRequested = useAddresses((s) => s.addressesRequested);
  const addressesLoaded = useAddresses((s) => s.addressesLoaded);
  const addressesFailed = useAddresses((s) => s.addressesFailed);
  const addressesCleared = useAddresses((s) => s.addressesCleared);

  useEffect(() => {
    if (!userId) {
      addressesCleared();
      return;
    }
    let cancelled = false;
    addressesRequested();
    getAddresses()
      .then((list) => {
        if (!cancelled) addressesLoaded(list);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        addressesFailed();
        toast.error(errorMessage(error));
      });
    return () => {
      cancelled = true;
    };
  }, [userId, addressesRequested, addressesLoaded, addressesFailed, addressesCleared]);
}
