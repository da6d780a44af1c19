import { useEffect } from 'react';
import { useLoader } from '../../../hooks/use-loader';
import { getAddresses } from '../api/get-addresses';
import { useAddresses } from '../stores/address-store';

/** Loads the user's saved addresses whenever a user is logged in. */
export function useLoadAddresses(userId: string | null) {
  const addressesRequested = useAddresses((s) => s.addressesRequested);
  const addressesLoaded = useAddresses((s) => s.addressesLoaded);
  const addressesFailed = useAddresses((s) => s.addressesFailed);
  const addressesCleared = useAddresses((s) => s.addressesCleared);

  useEffect(() => {
    if (!userId) addressesCleared();
  }, [userId, addressesCleared]);

  useLoader(userId ? getAddresses : null, [userId], {
    started: addressesRequested,
    loaded: addressesLoaded,
    failed: addressesFailed,
  });
}
