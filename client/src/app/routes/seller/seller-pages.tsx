import { useLiveConnection } from '../../../features/live/stores/live-connection-store';
import { AddProductForm } from '../../../features/seller/components/add-product-form';
import { OrdersBoard } from '../../../features/seller/components/orders-board';
import { ProductTable } from '../../../features/seller/components/product-table';

export function AddProductRoute() {
  return <AddProductForm />;
}

export function SellerProductListRoute() {
  const generation = useLiveConnection((s) => s.generation);
  return <ProductTable refreshKey={generation} />;
}

export function SellerOrdersRoute() {
  const generation = useLiveConnection((s) => s.generation);
  return <OrdersBoard refreshKey={generation} />;
}
