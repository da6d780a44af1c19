import type { OrderDto } from '../../../core/contracts/http/order-replies';
import type { ProductDto } from '../../../core/contracts/http/product-replies';
import type { StoreDto } from '../../../core/contracts/http/store-replies';

const ADDRESS = {
  _id: 'a1',
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.com',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipcode: '560001',
  country: 'India',
  phone: '9876543210',
};

/** A product as the API sends it: in stock, stock not counted, of the store s1 (Green Basket). */
export function productFixture(id: string, overrides: Partial<ProductDto> = {}): ProductDto {
  return {
    _id: id,
    name: `Product ${id}`,
    category: 'Fruits',
    description: [],
    price: 50,
    offerPrice: 40,
    images: [],
    inStock: true,
    stock: null,
    seller: { id: 's1', storeName: 'Green Basket' },
    createdAt: '2026-11-23T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

/** An order as the API sends it: Order Placed, COD, one line, of the given store and checkout. */
export function orderFixture(overrides: Partial<OrderDto> & { _id: string }): OrderDto {
  return {
    orderId: `OD-${overrides._id}`,
    userId: 'u1',
    checkoutId: 'CK1',
    seller: { id: 's1', storeName: 'Green Basket' },
    fee: 0,
    items: [{ product: { _id: `p-${overrides._id}`, name: `Item ${overrides._id}`, category: 'Fruits', offerPrice: 40, image: '/i.png', images: ['/i.png'] }, quantity: 1 }],
    amount: 40,
    address: ADDRESS,
    status: 'Order Placed',
    paymentType: 'COD',
    isPaid: false,
    version: 1,
    history: [{ from: null, to: 'Order Placed', isPaid: false, actor: 'user', note: null, at: '2026-11-23T10:00:00.000Z' }],
    refund: null,
    expiresAt: null,
    promisedAt: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

/** A store as the operator sees it. */
export function storeFixture(overrides: Partial<StoreDto> & { id: string }): StoreDto {
  return {
    storeName: `Store ${overrides.id}`,
    name: 'Ravi Kumar',
    email: `${overrides.id}@example.com`,
    phone: '9876543210',
    address: { firstName: 'Ravi', lastName: 'Kumar', email: 'r@example.com', street: '1 Market St', city: 'Pune', state: 'Maharashtra', zipcode: '411001', country: 'India', phone: '9876543210' },
    status: 'pending',
    statusReason: null,
    isOperator: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
