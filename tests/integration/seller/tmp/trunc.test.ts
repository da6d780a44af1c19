import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../../helpers/build-app';
import { images, imageFile, loginSeller, multipart, productData, uploadDirEntries } from '../../../helpers/seller-factories';
let ctx: TestContext; let cookie: string;
beforeAll(async () => { ctx = await buildTestContext(); cookie = await loginSeller(ctx); });
afterAll(() => ctx.close());
it('truncated mid-file', async () => {
  const form = multipart([{ name: 'productData', value: productData() }, imageFile(images.png(30000)), imageFile(images.png(30000))]);
  for (const cut of [400, 20000, 45000, form.payload.length - 10]) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/product/add', payload: form.payload.subarray(0, cut), headers: { ...form.headers, cookie } });
    console.log(cut, res.statusCode, res.body);
    expect(await uploadDirEntries(ctx)).toEqual([]);
  }
  const bad = [
    'multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=zzz',
  ];
  for (const ct of bad) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/product/add', payload: form.payload, headers: { 'content-type': ct, cookie } });
    console.log(ct, res.statusCode, res.body);
  }
  const res = await ctx.app.inject({ method: 'POST', url: '/api/product/add', payload: '', headers: { 'content-type': form.headers['content-type']!, cookie } });
  console.log('empty', res.statusCode, res.body);
});
