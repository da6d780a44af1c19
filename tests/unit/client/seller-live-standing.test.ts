// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SellerSelfDto } from '../../../core/contracts/http/account-replies';
import type { StoreStatus } from '../../../core/contracts/http/store-replies';
import { startLiveUpdates } from '../../../client/src/app/live-bridge';
import { useSession } from '../../../client/src/features/auth/stores/session-store';
import { useSellerOrders } from '../../../client/src/features/seller/stores/seller-orders-store';
import { useSellerProducts } from '../../../client/src/features/seller/stores/seller-products-store';
import { useSellerSession } from '../../../client/src/features/seller/stores/seller-session-store';
import { orderFixture, productFixture, storeFixture } from './marketplace-fixtures';
import { ScriptedSocket } from './scripted-socket';

const self = (status: StoreStatus): SellerSelfDto => ({ id: 's1', name: 'Ravi Kumar', storeName: 'Green Basket', status, statusReason: null, isOperator: false });

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** What the server holds: the store's standing and its products (none deleted in these tests), and their version. */
let serverStatus: StoreStatus;
let serverVersion: number;
let sellerListCalls: number;
let stopLive = () => {};
beforeEach(() => {
  ScriptedSocket.opened = [];
  serverStatus = 'pending';
  serverVersion = 1;
  sellerListCalls = 0;
  vi.stubGlobal('WebSocket', ScriptedSocket);
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/seller/is-auth') return json({ success: true, seller: self(serverStatus) });
    if (url === '/api/product/seller-list') {
      sellerListCalls += 1;
      const products = [productFixture('a', { version: serverVersion }), productFixture('b', { version: serverVersion })];
      return json({ success: true, products, total: 2, page: 1, limit: null });
    }
    return json({ success: true, products: [], total: 0, page: 1, limit: null });
  });
  useSession.setState({ user: null, checked: true });
  useSellerProducts.setState({ products: [productFixture('a'), productFixture('b')], status: 'ready', versions: {}, sinceRequest: null });
});
afterEach(() => {
  stopLive();
  vi.unstubAllGlobals();
});

/** Opens the socket and lets the reconnect's reads settle. */
async function connected(): Promise<ScriptedSocket> {
  stopLive = startLiveUpdates();
  const socket = ScriptedSocket.opened[0]!;
  act(() => socket.hello({ role: 'seller' }));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return socket;
}

describe('live product removals on the store’s own product list', () => {
  it('keeps the product of a store that does not sell yet: "removed" only means shoppers cannot buy it', async () => {
    useSellerSession.setState({ status: 'seller', seller: self('pending') });
    const socket = await connected();
    // Its own stock toggle, as shoppers hear of it.
    act(() => socket.receive({ type: 'product.removed', productId: 'a', version: 2 }));
    expect(useSellerProducts.getState().products.map((p) => p._id)).toEqual(['a', 'b']);
  });

  it('drops a product an approved store deleted elsewhere', async () => {
    serverStatus = 'approved';
    useSellerSession.setState({ status: 'seller', seller: self('approved') });
    const socket = await connected();
    act(() => socket.receive({ type: 'product.removed', productId: 'a', version: 2 }));
    expect(useSellerProducts.getState().products.map((p) => p._id)).toEqual(['b']);
  });

  it('brings back the products its suspension announced as removed before the suspension itself arrived', async () => {
    serverStatus = 'approved';
    useSellerSession.setState({ status: 'seller', seller: self('approved') });
    const socket = await connected();
    const calls = sellerListCalls;
    serverVersion = 2;
    act(() => {
      socket.receive({ type: 'product.removed', productId: 'a', version: 2 });
      socket.receive({ type: 'product.removed', productId: 'b', version: 2 });
      socket.receive({ type: 'store.updated', store: storeFixture({ id: 's1', storeName: 'Green Basket', status: 'suspended' }) });
    });
    await waitFor(() => expect(useSellerProducts.getState().products.map((p) => p._id)).toEqual(['a', 'b']));
    expect(sellerListCalls).toBe(calls + 1);
    expect(useSellerSession.getState().seller?.status).toBe('suspended');
  });
});

describe('a live reconnect re-reads the signed-in store’s standing', () => {
  it('shows an approval made while the socket was down', async () => {
    serverStatus = 'approved';
    useSellerSession.setState({ status: 'seller', seller: self('pending') });
    await connected();
    await waitFor(() => expect(useSellerSession.getState().seller?.status).toBe('approved'));
  });
});

describe('another store signing in on the same tab', () => {
  it('does not see the last store\'s products or orders, not even while its own load is on its way', async () => {
    useSellerSession.setState({ status: 'seller', seller: self('approved'), signIns: 0 });
    useSellerOrders.setState({ orders: [orderFixture({ _id: 'o1' })], total: 1, status: 'ready' });
    await connected();
    act(() => useSellerSession.getState().sellerLoggedOut());
    expect(useSellerProducts.getState()).toMatchObject({ products: [], status: 'idle' });
    expect(useSellerOrders.getState()).toMatchObject({ orders: [], total: 0, status: 'idle' });
  });

  it('keeps the store\'s data when only its standing changes', async () => {
    useSellerSession.setState({ status: 'seller', seller: self('approved'), signIns: 0 });
    await connected();
    act(() => useSellerSession.getState().sellerChecked(self('approved')));
    expect(useSellerProducts.getState().products.map((p) => p._id)).toEqual(['a', 'b']);
  });
});
