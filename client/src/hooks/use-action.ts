import { useState } from 'react';
import { toast } from '../components/ui/toast/toast-store';
import { errorMessage } from '../lib/api-client';

/**
 * One request for a button at a time: `pending` names what is under way (an address id, or `true`) until it ends, and
 * a failure is shown as an error toast. The forms' submit (use-zod-form.ts) runs through it too.
 */
export function useAction<K = true>() {
  const [pending, setPending] = useState<K | null>(null);

  async function run(key: K, action: () => Promise<void>, onFailure?: () => void): Promise<void> {
    setPending(key);
    try {
      await action();
    } catch (error) {
      onFailure?.();
      toast.error(errorMessage(error));
    } finally {
      setPending(null);
    }
  }

  return { pending, busy: pending !== null, run };
}
