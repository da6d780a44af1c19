import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../core/infra/prisma';
import { DbOrderStatus, DbPaymentType } from '../../core/modules/orders/order-enums';

/** Order rows written directly, as a checkout leaves them: for tests of what reads and moves orders, not places them. */

export const ORDER_ADDRESS = {
  _id: randomUUID(),
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.in',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipcode: '560001',
  country: 'India',
  phone: '9876543210',
};

const code = (prefix: string) => `${prefix}${randomBytes(5).toString('hex').toUpperCase()}`;

export type OrderRowSeed = {
  userId: string;
  sellerId: string;
  productId: string;
  status?: DbOrderStatus;
  paymentType?: DbPaymentType;
  isPaid?: boolean;
  createdAt?: Date;
  unitPricePaise?: number;
  quantity?: number;
  /** Platform fee carried by this order (its checkout's first). */
  feePaise?: number;
  name?: string;
};

/** One order of one line in a checkout of its own, with its creation history row. */
export async function insertOrderRow(db: Db, seed: OrderRowSeed) {
  const status = seed.status ?? DbOrderStatus.ORDER_PLACED;
  const paymentType = seed.paymentType ?? (status === DbOrderStatus.PENDING ? DbPaymentType.ONLINE : DbPaymentType.COD);
  const unit = seed.unitPricePaise ?? 4550;
  const quantity = seed.quantity ?? 2;
  const fee = seed.feePaise ?? 200;
  const amountPaise = unit * quantity + fee;
  const createdAt = seed.createdAt ?? new Date();
  const checkout = await db.checkout.create({
    data: { checkoutId: code('CK'), userId: seed.userId, amountPaise, feePaise: fee, paymentType, createdAt },
  });
  return db.order.create({
    data: {
      orderId: code('OD'),
      userId: seed.userId,
      checkoutId: checkout.id,
      sellerId: seed.sellerId,
      amountPaise,
      feePaise: fee,
      status,
      paymentType,
      isPaid: seed.isPaid ?? false,
      address: ORDER_ADDRESS,
      createdAt,
      items: { create: [{ productId: seed.productId, name: seed.name ?? 'Tomato', image: '/catalog-images/tomato.svg', category: 'Vegetables', unitPricePaise: unit, quantity }] },
      history: { create: [{ fromStatus: null, toStatus: status, actorType: 'USER', actorId: seed.userId, at: createdAt }] },
    },
  });
}
