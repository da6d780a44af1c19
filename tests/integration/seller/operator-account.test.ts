import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureConfiguredSeller } from '../../../core/modules/sellers/seller-service';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct } from '../../helpers/factories';
import { loginSeller } from '../../helpers/seller-factories';
import { sellerRegisterBody } from '../../helpers/store-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestContext();
});
afterAll(() => ctx.close());

const login = (credentials: { email: string; password: string }) => ctx.app.inject({ method: 'POST', url: '/api/seller/login', payload: credentials });
const stores = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/admin/sellers', headers: { cookie } });
const operators = () => ctx.db.seller.findMany({ where: { isOperator: true }, select: { id: true, email: true } });

describe('ensureConfiguredSeller with a new SELLER_EMAIL', () => {
  it('moves the operator account to the new email: the old email no longer signs in, and FreshCart keeps its products', async () => {
    const before = await loginSeller(ctx);
    const { sellerId } = await ensureConfiguredSeller(ctx.db, ctx.config);
    const product = await createProduct(ctx.db, { sellerId });
    const moved = { ...ctx.config, seller: { email: 'ops@freshcart.example', password: 'a-real-operator-password' } };

    expect(await ensureConfiguredSeller(ctx.db, moved, ctx.services.sessions)).toEqual({ sellerId, action: 'updated' });
    expect(await operators()).toEqual([{ id: sellerId, email: 'ops@freshcart.example' }]);
    // The old (here the public demo) credentials and the sessions they opened are no operator any more.
    expect((await login(ctx.config.seller)).statusCode).toBe(401);
    expect((await stores(before)).statusCode).toBe(401);
    const after = await login(moved.seller);
    expect(after.statusCode).toBe(200);
    expect((await stores(String(after.headers['set-cookie']).split(';')[0]!)).statusCode).toBe(200);
    expect(await ctx.db.product.findUniqueOrThrow({ where: { id: product.id }, select: { sellerId: true } })).toEqual({ sellerId });

    // And back, for the rest of the file.
    expect(await ensureConfiguredSeller(ctx.db, ctx.config)).toEqual({ sellerId, action: 'updated' });
  });

  it('leaves one operator when the configured email is a store that signed up: the former operator is a store again', async () => {
    const { sellerId: formerId } = await ensureConfiguredSeller(ctx.db, ctx.config);
    const before = await loginSeller(ctx);
    const body = sellerRegisterBody();
    const registered = await ctx.app.inject({ method: 'POST', url: '/api/seller/register', payload: body });
    const storeId = registered.json().seller.id as string;

    const promoted = { ...ctx.config, seller: { email: body.email, password: 'the-operator-password-2' } };
    expect(await ensureConfiguredSeller(ctx.db, promoted, ctx.services.sessions)).toEqual({ sellerId: storeId, action: 'updated' });
    expect((await operators()).map((o) => o.id)).toEqual([storeId]);
    expect((await stores(before)).statusCode).toBe(401);
    // The former operator's login (the public demo one) is retired: its store stays, no one signs in to it.
    expect((await login(ctx.config.seller)).statusCode).toBe(401);
    expect(await ctx.db.seller.findUniqueOrThrow({ where: { id: formerId }, select: { isOperator: true, status: true } })).toEqual({ isOperator: false, status: 'APPROVED' });
  });

  it('makes a store that signed up with the configured email and password the operator, and the former one a store', async () => {
    // As an owner who tried the demo, then signed up their own store, then went live with that very login.
    const { sellerId: formerId } = await ensureConfiguredSeller(ctx.db, ctx.config);
    const before = await loginSeller(ctx);
    const body = sellerRegisterBody();
    const registered = await ctx.app.inject({ method: 'POST', url: '/api/seller/register', payload: body });
    const storeId = registered.json().seller.id as string;

    const live = { ...ctx.config, seller: { email: body.email, password: body.password } };
    expect(await ensureConfiguredSeller(ctx.db, live, ctx.services.sessions)).toEqual({ sellerId: storeId, action: 'updated' });
    expect((await operators()).map((o) => o.id)).toEqual([storeId]);
    expect((await stores(before)).statusCode).toBe(401);
    const own = await login(live.seller);
    expect((await stores(String(own.headers['set-cookie']).split(';')[0]!)).statusCode).toBe(200);
    expect((await login(ctx.config.seller)).statusCode).toBe(401);
    expect(await ctx.db.seller.findUniqueOrThrow({ where: { id: formerId }, select: { isOperator: true } })).toEqual({ isOperator: false });
    // Run again with the same configuration, nothing changes.
    expect(await ensureConfiguredSeller(ctx.db, live, ctx.services.sessions)).toEqual({ sellerId: storeId, action: 'unchanged' });
  });
});
