import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, registerUser } from '../../helpers/factories';

describe('the server-side cart', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext();
  });
  afterAll(() => ctx.close());

  const update = (cookie: string | undefined, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/cart/update', headers: cookie ? { cookie } : {}, payload: payload as object });
  const storedCart = async (userId: string) =>
    Object.fromEntries((await ctx.db.cartItem.findMany({ where: { userId } })).map((i) => [i.productId, i.quantity]));

  describe('POST /api/cart/update', () => {
    it('replaces the stored cart, and is-auth then returns it', async () => {
      const shopper = await registerUser(ctx.app);
      const [rice, dal] = [await createProduct(ctx.db), await createProduct(ctx.db)];
      await update(shopper.cookie, { cartItems: { [rice.id]: 5 } });

      const res = await update(shopper.cookie, { cartItems: { [rice.id]: 2, [dal.id]: 1 } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Cart updated', cartItems: { [rice.id]: 2, [dal.id]: 1 } });

      const me = await ctx.app.inject({ method: 'GET', url: '/api/user/is-auth', headers: { cookie: shopper.cookie } });
      expect(me.json().user.cartItems).toEqual({ [rice.id]: 2, [dal.id]: 1 });
    });

    it('empties the cart when given an empty one', async () => {
      const shopper = await registerUser(ctx.app);
      const product = await createProduct(ctx.db);
      await update(shopper.cookie, { cartItems: { [product.id]: 1 } });

      expect((await update(shopper.cookie, { cartItems: {} })).json().cartItems).toEqual({});
      expect(await storedCart(shopper.user._id)).toEqual({});
    });

    it('caps a quantity at the units left when stock is counted', async () => {
      const shopper = await registerUser(ctx.app);
      const eggs = await createProduct(ctx.db, { name: 'Eggs', stockQuantity: 3 });

      const res = await update(shopper.cookie, { cartItems: { [eggs.id]: 10 } });
      expect(res.statusCode).toBe(200);
      expect(res.json().cartItems).toEqual({ [eggs.id]: 3 });
    });

    it('refuses the whole update with a 400 naming every bad entry, leaving the cart as it was', async () => {
      const shopper = await registerUser(ctx.app);
      const good = await createProduct(ctx.db);
      const soldOut = await createProduct(ctx.db, { name: 'Sold Out Curd', inStock: false });
      const deleted = await createProduct(ctx.db, { name: 'Deleted Ghee', deletedAt: new Date() });
      const unknown = randomUUID();
      await update(shopper.cookie, { cartItems: { [good.id]: 4 } });

      const res = await update(shopper.cookie, {
        cartItems: { [good.id]: 1, [soldOut.id]: 1, [deleted.id]: 1, [unknown]: 1, 'not-an-id': 1, [randomUUID()]: 0, [randomUUID()]: 1.5, [randomUUID()]: '2' },
      });

      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 'invalid_cart_items' });
      expect(body.message).toMatch(/^Some cart items are not valid: /);
      expect(body.message).toContain('Sold Out Curd (out of stock)');
      expect(body.message).toContain(`${deleted.id} (unknown product)`);
      expect(body.message).toContain(`${unknown} (unknown product)`);
      expect(body.message).toContain('not-an-id (unknown product)');
      expect(body.message).toContain('quantity must be a whole number of at least 1');
      expect(body.details.invalid).toHaveLength(7);
      expect(await storedCart(shopper.user._id)).toEqual({ [good.id]: 4 });
    });

    it('refuses more than 1000 of one product', async () => {
      const shopper = await registerUser(ctx.app);
      const product = await createProduct(ctx.db);
      const res = await update(shopper.cookie, { cartItems: { [product.id]: 1001 } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('quantity must be at most 1000');
    });

    it('acts for the session’s user: a userId in the body is ignored', async () => {
      const [alice, bob] = [await registerUser(ctx.app), await registerUser(ctx.app)];
      const product = await createProduct(ctx.db);

      const res = await update(alice.cookie, { userId: bob.user._id, cartItems: { [product.id]: 2 } });
      expect(res.statusCode).toBe(200);
      expect(await storedCart(alice.user._id)).toEqual({ [product.id]: 2 });
      expect(await storedCart(bob.user._id)).toEqual({});
    });

    it('answers 401 without a session and stores nothing', async () => {
      const product = await createProduct(ctx.db);
      const res = await update(undefined, { cartItems: { [product.id]: 1 } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: 'Please login' });
      expect(await ctx.db.cartItem.count({ where: { productId: product.id } })).toBe(0);
    });

    it('applies concurrent updates of one cart one after the other, never failing', async () => {
      const shopper = await registerUser(ctx.app);
      const products = await Promise.all([1, 2, 3, 4].map(() => createProduct(ctx.db)));

      const results = await Promise.all(products.map((p, i) => update(shopper.cookie, { cartItems: { [p.id]: i + 1, [products[0]!.id]: 9 } })));
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      // Whichever came last wins whole: never a mix of two updates.
      const stored = await storedCart(shopper.user._id);
      expect(results.map((r) => r.json().cartItems)).toContainEqual(stored);
    });
  });

  describe('the visitor’s cart at login and register', () => {
    it('merges at login: quantities added, capped by stock, invalid entries dropped silently', async () => {
      const shopper = await registerUser(ctx.app);
      const [tea, sugar, salt] = [await createProduct(ctx.db), await createProduct(ctx.db, { stockQuantity: 5 }), await createProduct(ctx.db)];
      const soldOut = await createProduct(ctx.db, { inStock: false });
      await update(shopper.cookie, { cartItems: { [tea.id]: 2, [sugar.id]: 4, [salt.id]: 1 } });

      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: {
          email: shopper.email,
          password: shopper.password,
          cartItems: { [tea.id]: 3, [sugar.id]: 3, [soldOut.id]: 1, [randomUUID()]: 2, 'bogus-id': 1, [salt.id]: -4 },
        },
      });

      expect(res.statusCode).toBe(200);
      const merged = { [tea.id]: 5, [sugar.id]: 5, [salt.id]: 1 };
      expect(res.json().user.cartItems).toEqual(merged);
      expect(await storedCart(shopper.user._id)).toEqual(merged);
    });

    it('keeps the stored cart when the visitor brings none', async () => {
      const shopper = await registerUser(ctx.app);
      const product = await createProduct(ctx.db);
      await update(shopper.cookie, { cartItems: { [product.id]: 2 } });

      const res = await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: shopper.email, password: shopper.password } });
      expect(res.json().user.cartItems).toEqual({ [product.id]: 2 });
    });

    it('keeps the account’s lines and fills the rest of the 100 with the visitor’s, so the cart can still change', async () => {
      const shopper = await registerUser(ctx.app);
      const products = await Promise.all(Array.from({ length: 130 }, () => createProduct(ctx.db)));
      const ids = products.map((p) => p.id);
      const [mine, theirs] = [ids.slice(0, 60), ids.slice(60)];
      await update(shopper.cookie, { cartItems: Object.fromEntries(mine.map((id) => [id, 1])) });

      const visitor = { [mine[0]!]: 2, ...Object.fromEntries(theirs.map((id) => [id, 1])), ['x'.repeat(65)]: 1 };
      const res = await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: shopper.email, password: shopper.password, cartItems: visitor } });

      expect(res.statusCode).toBe(200);
      const expected = { ...Object.fromEntries(mine.map((id) => [id, 1])), [mine[0]!]: 3, ...Object.fromEntries(theirs.slice(0, 40).map((id) => [id, 1])) };
      expect(res.json().user.cartItems).toEqual(expected);
      expect(await storedCart(shopper.user._id)).toEqual(expected);
      const { [mine[1]!]: _removed, ...smaller } = expected;
      expect((await update(shopper.cookie, { cartItems: smaller })).statusCode).toBe(200);
    });

    it('gives the room left only to products the visitor can buy: a sold-out one or a bad quantity takes none', async () => {
      const shopper = await registerUser(ctx.app);
      const mine = await Promise.all(Array.from({ length: 99 }, () => createProduct(ctx.db)));
      await update(shopper.cookie, { cartItems: Object.fromEntries(mine.map((p) => [p.id, 1])) });
      const [soldOut, zero, wanted] = [await createProduct(ctx.db, { inStock: false }), await createProduct(ctx.db), await createProduct(ctx.db)];

      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: shopper.email, password: shopper.password, cartItems: { [soldOut.id]: 1, [zero.id]: 0, [wanted.id]: 2 } },
      });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json().user.cartItems)).toHaveLength(100);
      expect(res.json().user.cartItems[wanted.id]).toBe(2);
    });

    it('registers a visitor whose cart holds more than 100 products, keeping the first 100', async () => {
      const products = await Promise.all(Array.from({ length: 101 }, () => createProduct(ctx.db)));
      const shopper = await registerUser(ctx.app, { cartItems: Object.fromEntries(products.map((p) => [p.id, 1])) });
      expect(shopper.user.cartItems).toEqual(Object.fromEntries(products.slice(0, 100).map((p) => [p.id, 1])));
    });

    it('starts a new account with the visitor’s valid items', async () => {
      const product = await createProduct(ctx.db, { stockQuantity: 2 });
      const shopper = await registerUser(ctx.app, { cartItems: { [product.id]: 6, [randomUUID()]: 1 } });
      expect(shopper.user.cartItems).toEqual({ [product.id]: 2 });
      expect(await storedCart(shopper.user._id)).toEqual({ [product.id]: 2 });
    });
  });
});
