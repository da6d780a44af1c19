import { it } from 'vitest';
import { buildTestContext } from '../../helpers/build-app';
import { registerUser, createAddress } from '../../helpers/factories';
it('probe', async () => {
  const ctx = await buildTestContext({ LOG_LEVEL: 'error' });
  const u = await registerUser(ctx.app);
  const a = await createAddress(ctx.app, u.cookie);
  const cases: [string, string, Record<string,string>, string | undefined][] = [
    ['POST', '/api/cart/update', { 'content-type': 'multipart/form-data; boundary=x' }, '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n'],
    ['POST', '/api/cart/update', { 'content-type': 'text/plain' }, 'hello'],
    ['POST', '/api/cart/update', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=b'],
    ['POST', '/api/cart/update', { 'content-type': 'application/json' }, '{"__proto__":{"x":1}}'],
    ['POST', '/api/cart/update', { 'content-type': 'application/json' }, '{"cartItems":{"__proto__":1}}'],
    ['POST', '/api/cart/update', { 'content-type': 'application/json' }, '{"cartItems":{"constructor":{"prototype":1}}}'],
    ['POST', '/api/cart/update', { 'content-type': 'application/json' }, ''],
    ['POST', '/api/cart/update', { 'content-type': 'application/json' }, 'null'],
    ['POST', '/api/cart/update', { 'content-type': 'application/json' }, '[]'],
    ['POST', '/api/cart/update', { 'content-type': 'application/json' }, '"x"'],
    ['POST', '/api/cart/update', {}, undefined],
    ['POST', '/api/address/add', { 'content-type': 'application/json' }, JSON.stringify({ address: { firstName: 'a\u0000b', lastName: 'x', email: 'a@b.co', street: 's', city: 'c', state: 's', zipcode: '560001', country: 'India', phone: '9876543210' } })],
    ['POST', '/api/user/register', { 'content-type': 'application/json' }, JSON.stringify({ name: 'a\u0000b', email: 'nul@b.co', password: 'password123' })],
    ['POST', '/api/user/register', { 'content-type': 'application/json' }, JSON.stringify({ name: 'a\ud800b', email: 'sur@b.co', password: 'password123' })],
    ['POST', '/api/user/login', { 'content-type': 'application/json' }, JSON.stringify({ email: 'x@b.co', password: 'p\u0000' })],
    ['GET', '/api/product/list?search=%00', {}, undefined],
    ['GET', '/api/product/list?search=a&search=b', {}, undefined],
    ['GET', '/api/order/user?limit=1&limit=2', {}, undefined],
    ['POST', '/api/order/cod', { 'content-type': 'application/json', 'idempotency-key': 'abcdefgh\u0000' }, JSON.stringify({ items: [], address: a._id })],
    ['POST', '/api/order/cod', { 'content-type': 'application/json; charset=latin1' }, JSON.stringify({ items: [], address: a._id })],
    ['POST', '/api/order/cod', { 'content-type': 'application/json' }, JSON.stringify({ items: [{product: a._id, quantity: 1e308}], address: a._id })],
    ['POST', '/api/order/cod', { 'content-type': 'application/json' }, '{"items":[{"product":"' + a._id + '","quantity":1}],"address":"' + a._id + '"' + ',"x":1'.repeat(1) + '}'],
    ['DELETE', '/api/address/' + a._id, { 'content-type': 'application/json' }, ''],
    ['DELETE', '/api/address/' + a._id, { 'content-type': 'application/json' }, '{}'],
  ];
  for (const [method, url, headers, payload] of cases) {
    const res = await ctx.app.inject({ method: method as 'POST', url, headers: { cookie: u.cookie, ...headers }, ...(payload !== undefined ? { payload } : {}) });
    console.log('PROBE', method, url.slice(0, 40), JSON.stringify(headers).slice(0, 60), (payload ?? '').slice(0, 40), '=>', res.statusCode, res.body.slice(0, 200));
  }
  await ctx.close();
});
