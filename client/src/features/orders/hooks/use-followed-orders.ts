import { useState } from 'react';
import type { OrderDto } from '@core/contracts/http/order-replies';
import { listHandlers, useLoader } from '../../../hooks/use-loader';
import { useLiveConnection } from '../../live/stores/live-connection-store';
import { getMyOrders } from '../api/get-my-orders';
import { useMyOrders } from '../stores/my-orders-store';

/**
 * The shopper's orders with these ids as My Orders' store holds them (live updates, a fresh snapshot after every
 * reconnect or resync), for a screen that follows orders it only knows by id. `settled` turns true once a snapshot
 * answered (or failed), so a screen can tell "still loading" from "not the shopper's order". Pass `loadNow: false` when
 * the caller already has the orders (the checkout handed them over): the first snapshot is then the one after the
 * socket next reconnects or resyncs, since an update may have been missed meanwhile (docs/architecture.md, "Live
 * updates").
 */
export function useFollowedOrders(orderIds: readonly string[], loadNow = true): { orders: (OrderDto | undefined)[]; settled: boolean } {
  const all = useMyOrders((s) => s.orders);
  const generation = useLiveConnection((s) => s.generation);
  const [openedAt] = useState(generation);
  const [settled, setSettled] = useState(false);
  const handlers = listHandlers(useMyOrders, 'orders', { quiet: true });
  useLoader(loadNow || generation !== openedAt ? getMyOrders : null, [generation], {
    ...handlers,
    loaded: (orders) => {
      handlers.loaded(orders);
      setSettled(true);
    },
    failed: () => {
      handlers.failed?.(null);
      setSettled(true);
    },
  });
  return { orders: orderIds.map((id) => all.find((o) => o._id === id)), settled };
}
