import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { addressInput, createAddress, registerUser } from '../../helpers/factories';

describe('shopper addresses', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestContext();
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  describe('POST /api/address/add', () => {
    it('saves a trimmed, normalised address for the session’s user and answers it (a body userId is ignored)', async () => {
      const [shopper, other] = [await registerUser(ctx.app), await registerUser(ctx.app)];
      const res = await call('POST', '/api/address/add', shopper.cookie, {
        userId: other.user._id,
        address: addressInput({ firstName: '  Kavya ', email: ' Kavya@Example.COM ', zipcode: 411001, phone: '+91 98765-43210' }),
      });

      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        success: true,
        message: 'Address added',
        address: { ...addressInput(), _id: expect.any(String), firstName: 'Kavya', email: 'kavya@example.com', zipcode: '411001', phone: '9876543210' },
      });
      expect(await ctx.db.address.count({ where: { userId: shopper.user._id } })).toBe(1);
      expect(await ctx.db.address.count({ where: { userId: other.user._id } })).toBe(0);
    });

    it.each([
      ['zipcode', '12345', 'Enter a 6-digit PIN code'],
      ['zipcode', '012345', 'Enter a 6-digit PIN code'],
      ['zipcode', 'ABCDEF', 'Enter a 6-digit PIN code'],
      ['phone', '12345', 'Enter a 10-digit mobile number'],
      ['phone', '+1 5551234567', 'Enter a 10-digit mobile number'],
      ['email', 'not-an-email', 'Enter a valid email address'],
      ['city', '   ', 'City is required'],
      ['street', undefined, 'Street is required'],
    ])('refuses a bad %s (%j) with a 400 and saves nothing', async (field, value, message) => {
      const shopper = await registerUser(ctx.app);
      const res = await call('POST', '/api/address/add', shopper.cookie, { address: addressInput({ [field]: value }) });

      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining(message) });
      expect(await ctx.db.address.count({ where: { userId: shopper.user._id } })).toBe(0);
    });

    it('answers 401 without a session', async () => {
      const res = await call('POST', '/api/address/add', undefined, { address: addressInput() });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Please login');
    });
  });

  describe('GET /api/address/get', () => {
    it('lists only the user’s own addresses, newest first', async () => {
      const [shopper, other] = [await registerUser(ctx.app), await registerUser(ctx.app)];
      const home = await createAddress(ctx.app, shopper.cookie, { street: 'Home Street' });
      const work = await createAddress(ctx.app, shopper.cookie, { street: 'Work Street' });
      await createAddress(ctx.app, other.cookie);

      const res = await call('GET', '/api/address/get', shopper.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, addresses: [work, home] });
    });

    it('answers 401 without a session', async () => {
      expect((await call('GET', '/api/address/get')).statusCode).toBe(401);
    });
  });

  describe('PUT /api/address/update/:id', () => {
    it('changes the user’s own address', async () => {
      const shopper = await registerUser(ctx.app);
      const address = await createAddress(ctx.app, shopper.cookie);

      const res = await call('PUT', `/api/address/update/${address._id}`, shopper.cookie, { address: addressInput({ city: 'Pune', zipcode: '411001' }) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Address updated', address: { ...address, city: 'Pune', zipcode: '411001' } });
    });

    it('answers 404 for another user’s address and for an unknown one, and touches neither', async () => {
      const [shopper, other] = [await registerUser(ctx.app), await registerUser(ctx.app)];
      const theirs = await createAddress(ctx.app, other.cookie);

      for (const id of [theirs._id, randomUUID()]) {
        const res = await call('PUT', `/api/address/update/${id}`, shopper.cookie, { address: addressInput({ city: 'Hijacked' }) });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false, message: 'Address not found' });
      }
      expect(await ctx.db.address.findUniqueOrThrow({ where: { id: theirs._id } })).toMatchObject({ city: theirs.city });
    });

    it('answers 400 for an id that is not an id', async () => {
      const shopper = await registerUser(ctx.app);
      expect((await call('PUT', '/api/address/update/123', shopper.cookie, { address: addressInput() })).statusCode).toBe(400);
    });
  });

  describe('DELETE /api/address/:id', () => {
    it('deletes the user’s own address', async () => {
      const shopper = await registerUser(ctx.app);
      const address = await createAddress(ctx.app, shopper.cookie);

      const res = await call('DELETE', `/api/address/${address._id}`, shopper.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Address deleted' });
      expect(await ctx.db.address.count({ where: { id: address._id } })).toBe(0);
    });

    it('answers 404 for another user’s address and leaves it in place', async () => {
      const [shopper, other] = [await registerUser(ctx.app), await registerUser(ctx.app)];
      const theirs = await createAddress(ctx.app, other.cookie);

      const res = await call('DELETE', `/api/address/${theirs._id}`, shopper.cookie);
      expect(res.statusCode).toBe(404);
      expect(await ctx.db.address.count({ where: { id: theirs._id } })).toBe(1);
    });

    it('answers 401 without a session and deletes nothing', async () => {
      const shopper = await registerUser(ctx.app);
      const address = await createAddress(ctx.app, shopper.cookie);
      expect((await call('DELETE', `/api/address/${address._id}`)).statusCode).toBe(401);
      expect(await ctx.db.address.count({ where: { id: address._id } })).toBe(1);
    });
  });

  it('refuses a 51st saved address with a 409', async () => {
    const shopper = await registerUser(ctx.app);
    await ctx.db.address.createMany({ data: Array.from({ length: 50 }, () => ({ userId: shopper.user._id, ...addressInput() })) });

    const res = await call('POST', '/api/address/add', shopper.cookie, { address: addressInput() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('at most 50 addresses');
  });

  it('holds the cap of 50 when 120 adds arrive in parallel', async () => {
    const shopper = await registerUser(ctx.app);
    const burst = await Promise.all(Array.from({ length: 120 }, (_, i) => call('POST', '/api/address/add', shopper.cookie, { address: addressInput({ street: `${i} MG Road` }) })));

    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(50);
    expect(burst.filter((r) => r.statusCode === 409)).toHaveLength(70);
    expect(await ctx.db.address.count({ where: { userId: shopper.user._id } })).toBe(50);
  });
});
