import type { OrderDto } from '@core/contracts/http/order-replies';
import { BRAND_NAME } from '../../../config/constants';
import { toast } from '../../../components/ui/toast/toast-store';

/** The words a shopper reads when their order moves. */
export function statusNoticeText(order: Pick<OrderDto, 'orderId' | 'status'>): string {
  switch (order.status) {
    case 'Order Placed':
      return `Order ${order.orderId} is confirmed`;
    case 'On The Way':
      return `Order ${order.orderId} is on the way`;
    case 'Delivered':
      return `Order ${order.orderId} was delivered`;
    case 'Cancelled':
      return `Order ${order.orderId} was cancelled`;
    default:
      return `Order ${order.orderId}: ${order.status}`;
  }
}

/** The one toast an order's moves share: a newer word about the order replaces the older instead of stacking. */
export const statusToastId = (orderId: string) => `order-status-${orderId}`;

/**
 * Tells the shopper their order moved, on whatever page they are: a toast (read out by screen readers, since the
 * toaster is a live region) and, when the tab is hidden and they allowed it, a browser notification.
 */
export function announceStatusChange(order: OrderDto): void {
  const text = statusNoticeText(order);
  toast.custom(text, { id: statusToastId(order._id) });
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted' || !document.hidden) return;
  try {
    // One notification per order: a newer status replaces the older one instead of stacking.
    new Notification(BRAND_NAME, { body: text, tag: `order-${order._id}` });
  } catch {
    // Some browsers only allow notifications from a service worker; the toast is still there.
  }
}

/** Whether this browser can show notifications and the shopper has not decided yet. */
export function canAskForNotifications(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'default';
}
