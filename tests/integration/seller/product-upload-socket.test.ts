import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { imageFile, images, loginSeller, multipart, productData, uploadDirEntries } from '../../helpers/seller-factories';

/** Uploads over a real TCP socket, where a body arrives over time and a client can go away halfway. */
describe('POST /api/product/add over a real socket', () => {
  let ctx: TestContext;
  let port: number;
  let cookie: string;
  beforeAll(async () => {
    ctx = await buildTestContext();
    cookie = await loginSeller(ctx);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as { port: number }).port;
  });
  afterAll(() => ctx.close());

  const form = () => multipart([{ name: 'productData', value: productData() }, imageFile(images.png(300_000)), imageFile(images.jpeg(300_000))]);

  /** Starts an upload and sends only the first `bytes` of its body. */
  function startUpload(headers: Record<string, string>, body: Buffer, bytes: number) {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/product/add', headers: { ...headers, 'content-length': String(body.length) } });
    req.on('error', () => {});
    req.write(body.subarray(0, bytes));
    return req;
  }

  it('checks the seller session before reading the body: the 401 arrives while the upload is still being sent', async () => {
    const { payload, headers } = form();
    const req = startUpload(headers, payload, 200);
    const status = await new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        resolve(res.statusCode!);
        res.resume();
      });
      setTimeout(() => reject(new Error('no answer before the body was complete')), 5000);
    });
    // The rest of the body is never sent; drop the connection so the server can close.
    req.destroy();
    expect(status).toBe(401);
    expect(await uploadDirEntries(ctx)).toEqual([]);
  });

  it('leaves no file behind when the seller\'s browser goes away halfway through the images', async () => {
    const { payload, headers } = form();
    const req = startUpload({ ...headers, cookie }, payload, 450_000);
    // Wait until the server is writing (the first image done or in progress), then vanish.
    await expect.poll(async () => (await uploadDirEntries(ctx)).length, { timeout: 3000 }).toBeGreaterThan(0);
    req.destroy();
    await expect.poll(() => uploadDirEntries(ctx), { timeout: 3000 }).toEqual([]);
    expect(await ctx.db.product.count()).toBe(0);
  });

  it('stores a complete upload', async () => {
    const { payload, headers } = form();
    const res = await fetch(`http://127.0.0.1:${port}/api/product/add`, { method: 'POST', headers: { ...headers, cookie }, body: new Uint8Array(payload) });
    expect(res.status).toBe(201);
    expect(await uploadDirEntries(ctx)).toHaveLength(2);
  });
});
