import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { placeCodOrder, shopperWithAddress } from '../../helpers/factories';
import { addProduct, loginSeller, multipart, outboxEvents, productData } from '../../helpers/seller-factories';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await buildTestContext();
  cookie = await loginSeller(ctx);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.outboxEvent.deleteMany();
});

const put = (id: string, overrides: Record<string, unknown>) => {
  const form = multipart([{ name: 'productData', value: productData(overrides) }]);
  return ctx.app.inject({ method: 'PUT', url: `/api/product/${id}`, payload: form.payload, headers: { ...form.headers, cookie } });
};
const stored = (id: string) => ctx.db.product.findUniqueOrThrow({ where: { id }, select: { name: true, stockQuantity: true, inStock: true } });

/** The steps of the stale form: 10 in stock when the seller opens Edit, then shoppers buy 6. */
async function productSoldWhileEditing() {
  const product = await addProduct(ctx, cookie, { stock: 10 });
  const shopper = await shopperWithAddress(ctx.app);
  await placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: product._id, quantity: 6 }], address: shopper.address._id });
  await ctx.db.outboxEvent.deleteMany();
  return product;
}

describe('PUT /api/product/:id and the stock', () => {
  it('leaves the stock as it is when the edit does not send it', async () => {
    const product = await productSoldWhileEditing();
    const res = await put(product._id, { name: 'Alphonso Mangoes', images: product.images });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ name: 'Alphonso Mangoes', stock: 4, inStock: true });
    expect(await stored(product._id)).toEqual({ name: 'Alphonso Mangoes', stockQuantity: 4, inStock: true });
  });

  it('refuses (409) a stock sent with the count the form showed when sales have changed it since, changing nothing', async () => {
    const product = await productSoldWhileEditing();
    const res = await put(product._id, { name: 'Alphonso Mangoes', stock: 10, stockSeen: 10, images: product.images });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'stock_changed',
      message: 'Stock changed to 4 while you were editing; check it and save again',
    });
    expect(await stored(product._id)).toEqual({ name: 'Alphonso Mango', stockQuantity: 4, inStock: true });
    expect(await outboxEvents(ctx, 'stock.changed')).toEqual([]);
  });

  it('sets the stock when the count the form showed is still the stored one', async () => {
    const product = await productSoldWhileEditing();
    const res = await put(product._id, { stock: 12, stockSeen: 4, images: product.images });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ stock: 12, inStock: true });
    expect(await stored(product._id)).toMatchObject({ stockQuantity: 12 });

    // Not counted is a count like any other: seen as such, it can be changed; stale, it is refused.
    expect((await put(product._id, { stock: null, stockSeen: 12, images: product.images })).json().product).toMatchObject({ stock: null });
    const stale = await put(product._id, { stock: 3, stockSeen: 12, images: product.images });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Stock changed to not counted while you were editing; check it and save again');
  });

  it('answers stockSeen without a stock with 400', async () => {
    const product = await addProduct(ctx, cookie, { stock: 5 });
    const res = await put(product._id, { stockSeen: 5, images: product.images });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Send stockSeen only with stock');
    expect(await stored(product._id)).toMatchObject({ stockQuantity: 5 });
  });
});

describe('PATCH /api/product/:id (Restock and Save on the product list) and the stock', () => {
  const patch = (id: string, body: Record<string, unknown>) => ctx.app.inject({ method: 'PATCH', url: `/api/product/${id}`, payload: body, headers: { cookie } });

  it('refuses (409) a restock typed over a count that sales have changed since, changing nothing', async () => {
    // The list showed 10; the seller typed 15 as 6 were sold: 15 would put 6 sold units on sale again.
    const product = await productSoldWhileEditing();
    const res = await patch(product._id, { stock: 15, stockSeen: 10 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'stock_changed', message: 'Stock changed to 4 while you were editing; check it and save again' });
    expect(await stored(product._id)).toMatchObject({ stockQuantity: 4, inStock: true });
    expect(await outboxEvents(ctx, 'stock.changed')).toEqual([]);

    const again = await patch(product._id, { stock: 15, stockSeen: 4 });
    expect(again.statusCode).toBe(200);
    expect(await stored(product._id)).toMatchObject({ stockQuantity: 15, inStock: true });
  });

  it('answers stockSeen without a stock with 400', async () => {
    const product = await addProduct(ctx, cookie, { stock: 5 });
    const res = await patch(product._id, { name: 'Mango', stockSeen: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Send stockSeen only with stock');
  });
});
