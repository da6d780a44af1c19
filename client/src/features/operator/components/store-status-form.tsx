import type { StoreDto } from '@core/contracts/http/store-replies';
import { SellerStatusBody } from '@core/contracts/http/stores';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast/toast-store';
import { useZodForm } from '../../../hooks/use-zod-form';
import { setStoreStatus } from '../api/admin';

type StoreStatusFormProps = {
  store: StoreDto;
  /** Rejecting needs a reason (the store reads it); suspending may give one. */
  action: 'rejected' | 'suspended';
  onDone: (store: StoreDto) => void;
  onCancel: () => void;
};

/** The reason step of Reject and Suspend, checked by the contract's schema (a rejection without a reason is refused). */
export function StoreStatusForm({ store, action, onDone, onCancel }: StoreStatusFormProps) {
  const form = useZodForm({
    initial: { reason: '' },
    schema: SellerStatusBody,
    toInput: ({ reason }) => ({ status: action, ...(reason.trim() ? { reason } : {}) }),
    onSubmit: async (body) => {
      const reply = await setStoreStatus(store.id, body);
      toast.success(reply.message);
      onDone(reply.seller);
    },
  });
  const verb = action === 'rejected' ? 'Reject' : 'Suspend';
  return (
    <form className="store-status-form" onSubmit={form.handleSubmit} noValidate aria-label={`${verb} ${store.storeName}`}>
      <FormField
        id={`reason-${store.id}`}
        label={action === 'rejected' ? 'Reason (the store sees it)' : 'Reason (optional, the store sees it)'}
        maxLength={300}
        required={action === 'rejected'}
        {...form.field('reason')}
      />
      <div className="row-actions">
        <button type="submit" className="btn btn--small btn--danger" disabled={form.busy}>
          {form.busy ? 'Please wait…' : verb}
        </button>
        <button type="button" className="link-button" disabled={form.busy} onClick={onCancel}>
          Keep as is
        </button>
      </div>
    </form>
  );
}
