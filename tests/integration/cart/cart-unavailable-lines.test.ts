import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, placeCodOrder, postCodOrder, registerUser, shopperWithAddress } from '../../helpers/factories';

describe('a cart line whose product can no longer be bought', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext();
  });
  afterAll(() => ctx.close());

  const update = (cookie: string, cartItems: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/cart/update', headers: { cookie }, payload: { cartItems } });
  const cartSeenAtLogin = async (cookie: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie } })).json().user.cartItems;

  /** A shopper with `quantity` of a counted product in their cart, and another shopper who then buys every unit. */
  async function cartWithSoldOutLine(quantity: number) {
    const shopper = await shopperWithAddress(ctx.app);
    const eggs = await createProduct(ctx.db, { name: 'Farm Eggs', stockQuantity: 2 });
    expect((await update(shopper.cookie, { [eggs.id]: quantity })).statusCode).toBe(200);
    const buyer = await shopperWithAddress(ctx.app);
    await placeCodOrder(ctx.app, buyer.cookie, { items: [{ product: eggs.id, quantity: 2 }], address: buyer.address._id });
    expect(await ctx.db.product.findUniqueOrThrow({ where: { id: eggs.id } })).toMatchObject({ stockQuantity: 0, inStock: false });
    return { shopper, eggs };
  }

  it('stays in the cart when it sells out, and saving the rest of the cart still works', async () => {
    const { shopper, eggs } = await cartWithSoldOutLine(2);
    const bread = await createProduct(ctx.db, { name: 'Brown Bread' });

    const res = await update(shopper.cookie, { [eggs.id]: 2, [bread.id]: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().cartItems).toEqual({ [eggs.id]: 2, [bread.id]: 1 });
    expect(await cartSeenAtLogin(shopper.cookie)).toEqual({ [eggs.id]: 2, [bread.id]: 1 });

    // Down is fine, and removing it is how the shopper clears it.
    expect((await update(shopper.cookie, { [eggs.id]: 1, [bread.id]: 1 })).json().cartItems).toEqual({ [eggs.id]: 1, [bread.id]: 1 });
    expect((await update(shopper.cookie, { [bread.id]: 1 })).json().cartItems).toEqual({ [bread.id]: 1 });
  });

  it('refuses more of it than is stored, leaving the cart as it was', async () => {
    const { shopper, eggs } = await cartWithSoldOutLine(1);
    const bread = await createProduct(ctx.db);

    const res = await update(shopper.cookie, { [eggs.id]: 2, [bread.id]: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_cart_items', message: 'Some cart items are not valid: Farm Eggs (out of stock)' });
    expect(await cartSeenAtLogin(shopper.cookie)).toEqual({ [eggs.id]: 1 });
  });

  it('still refuses a sold-out product that was not in the cart', async () => {
    const { eggs } = await cartWithSoldOutLine(1);
    const other = await registerUser(ctx.app);

    const res = await update(other.cookie, { [eggs.id]: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Some cart items are not valid: Farm Eggs (out of stock)');
    expect(await cartSeenAtLogin(other.cookie)).toEqual({});
  });

  it('is refused at checkout with a message naming it, and nothing is ordered', async () => {
    const { shopper, eggs } = await cartWithSoldOutLine(1);
    const bread = await createProduct(ctx.db);
    await update(shopper.cookie, { [eggs.id]: 1, [bread.id]: 1 });

    const res = await postCodOrder(ctx.app, shopper.cookie, {
      items: [
        { product: eggs.id, quantity: 1 },
        { product: bread.id, quantity: 1 },
      ],
      address: shopper.address._id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'out_of_stock', message: 'Out of stock: Farm Eggs' });
    expect(await ctx.db.order.count({ where: { userId: shopper.user._id } })).toBe(0);
    expect(await cartSeenAtLogin(shopper.cookie)).toEqual({ [eggs.id]: 1, [bread.id]: 1 });
  });

  it('stays when its store stops selling it, at its quantity or less, and is refused at checkout', async () => {
    const shopper = await shopperWithAddress(ctx.app);
    const [ghee, bread] = [await createProduct(ctx.db, { name: 'Cow Ghee' }), await createProduct(ctx.db)];
    await update(shopper.cookie, { [ghee.id]: 3 });
    await ctx.db.product.update({ where: { id: ghee.id }, data: { deletedAt: new Date() } });

    const res = await update(shopper.cookie, { [ghee.id]: 3, [bread.id]: 2 });
    expect(res.statusCode).toBe(200);
    expect(await cartSeenAtLogin(shopper.cookie)).toEqual({ [ghee.id]: 3, [bread.id]: 2 });

    const more = await update(shopper.cookie, { [ghee.id]: 4, [bread.id]: 2 });
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe(`Some cart items are not valid: ${ghee.id} (no longer sold)`);

    const order = await postCodOrder(ctx.app, shopper.cookie, { items: [{ product: ghee.id, quantity: 3 }], address: shopper.address._id });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe(`Some products are not available any more: ${ghee.id}`);
  });

  it('still refuses bad quantities of a kept line', async () => {
    const { shopper, eggs } = await cartWithSoldOutLine(1);
    for (const quantity of [0, 1.5, '1']) {
      const res = await update(shopper.cookie, { [eggs.id]: quantity });
      expect(res.statusCode, String(quantity)).toBe(400);
    }
    expect(await cartSeenAtLogin(shopper.cookie)).toEqual({ [eggs.id]: 1 });
  });
});
