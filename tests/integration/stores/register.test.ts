import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureConfiguredSeller } from '../../../core/modules/sellers/seller-service';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { cookieFrom, imageFile, images, postProduct, productData } from '../../helpers/seller-factories';
import { sellerRegisterBody } from '../../helpers/store-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestContext();
});
afterAll(() => ctx.close());

const register = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/seller/register', payload: payload as object });

describe('POST /api/seller/register ("Become Seller")', () => {
  it('creates a pending store, answers it (201) and signs it in with its own seller_sid cookie', async () => {
    const body = sellerRegisterBody({ email: 'Kavya.Store@Example.in' });
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: expect.any(String),
      seller: {
        id: expect.any(String),
        storeName: 'Nilgiri Naturals',
        name: 'Kavya Menon',
        email: 'kavya.store@example.in',
        phone: '9847012345',
        address: { ...body.address },
        status: 'pending',
        statusReason: null,
        isOperator: false,
        createdAt: expect.any(String),
      },
    });
    const row = await ctx.db.seller.findUniqueOrThrow({ where: { email: 'kavya.store@example.in' } });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.status).toBe('PENDING');

    const cookie = cookieFrom(res.headers['set-cookie'], 'seller_sid');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/seller/is-auth', headers: { cookie } });
    expect(me.json()).toEqual({
      success: true,
      seller: { id: row.id, name: 'Kavya Menon', storeName: 'Nilgiri Naturals', status: 'pending', statusReason: null, isOperator: false },
    });
    // And it can sign in again later with the password it chose.
    const login = await ctx.app.inject({ method: 'POST', url: '/api/seller/login', payload: { email: body.email, password: body.password } });
    expect(login.statusCode).toBe(200);
  });

  it('lets a pending store add products, which shoppers do not see yet', async () => {
    const res = await register(sellerRegisterBody());
    const cookie = cookieFrom(res.headers['set-cookie'], 'seller_sid');
    const added = await postProduct(ctx, cookie, [{ name: 'productData', value: productData({ name: 'Nilgiri Tea 250g' }) }, imageFile(images.png())]);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().product.seller).toEqual({ id: res.json().seller.id, storeName: 'Nilgiri Naturals' });
    const own = await ctx.app.inject({ method: 'GET', url: '/api/product/seller-list', headers: { cookie } });
    expect(own.json().products.map((p: { name: string }) => p.name)).toEqual(['Nilgiri Tea 250g']);
    const shop = await ctx.app.inject({ method: 'GET', url: '/api/product/list' });
    expect(shop.json().products.map((p: { name: string }) => p.name)).not.toContain('Nilgiri Tea 250g');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/product/${added.json().product._id}` })).statusCode).toBe(404);
  });

  it('refuses an email that already has a seller account with 409, changing nothing', async () => {
    const body = sellerRegisterBody();
    expect((await register(body)).statusCode).toBe(201);
    const again = await register({ ...body, storeName: 'Another Name', email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'email_taken', message: expect.stringMatching(/already has a seller account/) });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(await ctx.db.seller.count({ where: { email: body.email.toLowerCase() } })).toBe(1);
  });

  it('refuses the configured operator email too (409)', async () => {
    await ensureConfiguredSeller(ctx.db, ctx.config);
    const res = await register(sellerRegisterBody({ email: ctx.config.seller.email }));
    expect(res.statusCode).toBe(409);
    expect(await ctx.db.seller.findUniqueOrThrow({ where: { email: ctx.config.seller.email } })).toMatchObject({ isOperator: true, storeName: 'FreshCart' });
  });

  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['no store name', { storeName: '' }, /Store name is required/],
    ['a malformed email', { email: 'not-an-email' }, /valid email/],
    ['a short password', { password: 'short' }, /at least 8 characters/],
    ['a phone that is not a mobile number', { phone: '12345' }, /10-digit mobile number/],
    ['a pickup address without a PIN code', { address: { ...sellerRegisterBody().address, zipcode: '' } }, /PIN code/],
    ['an unknown field', { isOperator: true }, /isOperator|Unrecognized/i],
  ];
  it.each(bad)('answers %s with 400 and a message, creating nothing', async (_label, change, message) => {
    const before = await ctx.db.seller.count();
    const res = await register(sellerRegisterBody(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await ctx.db.seller.count()).toBe(before);
  });
});
