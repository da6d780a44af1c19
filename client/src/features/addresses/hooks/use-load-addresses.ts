import { useEffect } from 'react';
import { listHandlers, useLoader } from '../../../hooks/use-loader';
import { getAddresses } from '../api/get-addresses';
import { useAddresses } from '../stores/address-store';

/** Loads the user's saved addresses whenever a user is logged in; `reload` tries again after a failure. */
export function useLoadAddresses(userId: string | null): { reload: () => void } {
  const addressesCleared = useAddresses((s) => s.addressesCleared);

  useEffect(() => {
    if (!userId) addressesCleared();
  }, [userId, addressesCleared]);

  return useLoader(userId ? getAddresses : null, [userId], listHandlers(useAddresses, 'addresses'));
}
