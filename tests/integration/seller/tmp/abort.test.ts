import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../../helpers/build-app';
import { images, imageFile, loginSeller, multipart, productData, uploadDirEntries } from '../../../helpers/seller-factories';
let ctx: TestContext; let cookie: string; let port: number;
beforeAll(async () => { ctx = await buildTestContext(); cookie = await loginSeller(ctx); await ctx.app.listen({ port: 0, host: '127.0.0.1' }); port = (ctx.app.server.address() as any).port; });
afterAll(() => ctx.close());
it('client abort mid-file', async () => {
  const form = multipart([{ name: 'productData', value: productData() }, imageFile(images.png(300000)), imageFile(images.png(300000))]);
  const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/product/add', headers: { ...form.headers, cookie, 'content-length': String(form.payload.length) } });
  req.on('error', () => {});
  req.write(form.payload.subarray(0, 450000));
  await new Promise((r) => setTimeout(r, 300));
  console.log('during', await uploadDirEntries(ctx));
  req.destroy();
  await new Promise((r) => setTimeout(r, 500));
  console.log('after', await uploadDirEntries(ctx));
  expect(await uploadDirEntries(ctx)).toEqual([]);
});
