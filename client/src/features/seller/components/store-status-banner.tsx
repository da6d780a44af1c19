import type { SellerSelfDto } from '@core/contracts/http/account-replies';
import './seller.css';

/** What a store's standing means for it, in its own words; null for an approved store (nothing to say). */
export function storeStatusNotice(seller: Pick<SellerSelfDto, 'status' | 'statusReason'>): { title: string; detail: string } | null {
  const reason = seller.statusReason ? ` Reason: ${seller.statusReason}` : '';
  switch (seller.status) {
    case 'pending':
      return { title: 'Your store is waiting for approval', detail: 'Products you add stay hidden until then.' };
    case 'rejected':
      return { title: 'Your store was not approved', detail: `You cannot add products.${reason}` };
    case 'suspended':
      return {
        title: 'Your store is suspended',
        detail: `Your products are hidden from shoppers; you can still service your orders.${reason}`,
      };
    case 'approved':
      return null;
  }
}

/**
 * The store's standing at the top of every seller page. It is a live region: an approval (or a suspension) made by the
 * operator while the page is open shows, and is announced, without a reload.
 */
export function StoreStatusBanner({ seller }: { seller: SellerSelfDto }) {
  const notice = storeStatusNotice(seller);
  return (
    <div role="status" className="store-status-slot">
      {notice ? (
        <div className={`store-status store-status--${seller.status}`} data-testid="store-status-banner" data-status={seller.status}>
          <p className="store-status__title">{notice.title}</p>
          <p>{notice.detail}</p>
        </div>
      ) : null}
    </div>
  );
}
