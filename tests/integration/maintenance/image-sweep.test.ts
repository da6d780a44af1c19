import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../core/infra/logger';
import { createImageReferenceRepository } from '../../../core/modules/uploads/image-reference-repository';
import { createImageSweeper } from '../../../core/modules/uploads/image-sweep';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { createProduct, defaultStoreId, placeCodOrder, shopperWithAddress } from '../../helpers/factories';
import { insertOrderRow } from '../../helpers/order-rows';
import { imageFile, images, loginSeller, postProduct, productData, shopperCookie, uploadDirEntries } from '../../helpers/seller-factories';

const HOUR = 3600_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestContext();
});
afterAll(() => ctx.close());

/** Each test sweeps a directory of its own with a sweeper of its own: a fresh process's memory of earlier sweeps. */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'grocery-sweep-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** `logLines` receives the sweeper's log lines, parsed; `of` is the directory swept (the test's own unless told). */
const newSweeper = (logLines: Record<string, unknown>[] = [], of = dir) =>
  createImageSweeper({
    repo: createImageReferenceRepository(ctx.db),
    dir: of,
    logger: createLogger('info', 'test', { write: (line: string) => logLines.push(JSON.parse(line)) }),
  });

/** A file in the upload dir last written `age` ago; returns its name. */
async function file(name: string, age: number): Promise<string> {
  const at = new Date(Date.now() - age);
  await writeFile(path.join(dir, name), 'image bytes');
  await utimes(path.join(dir, name), at, at);
  return name;
}
const storedImage = (age = 2 * HOUR, ext = 'jpg') => file(`${randomUUID()}.${ext}`, age);
const urlOf = (name: string) => `/uploads/${name}`;
const onDisk = async () => (await readdir(dir)).sort();

/** A past order whose line shows `image`, of a product that now shows another. */
async function orderShowing(image: string): Promise<void> {
  const { userId } = await shopperCookie(ctx);
  const product = await createProduct(ctx.db);
  const order = await insertOrderRow(ctx.db, { userId, sellerId: await defaultStoreId(ctx.db), productId: product.id });
  await ctx.db.orderItem.updateMany({ where: { orderId: order.id }, data: { image } });
}

describe('sweeping the upload dir', () => {
  it('keeps images a product shows or a past order shows', async () => {
    const live = await storedImage();
    const ofOrder = await storedImage(2 * HOUR, 'webp');
    await createProduct(ctx.db, { images: ['/catalog-images/apple.svg', urlOf(live)] });
    await orderShowing(urlOf(ofOrder));
    const sweeper = newSweeper();

    expect(await sweeper.sweep()).toEqual({ deleted: 0, pending: 0, kept: 2 });
    expect(await sweeper.sweep()).toEqual({ deleted: 0, pending: 0, kept: 2 });
    expect(await onDisk()).toEqual([live, ofOrder].sort());
  });

  it("deletes a deleted product's images, except one an order line or another product still shows", async () => {
    const onlyDeleted = await storedImage(2 * HOUR, 'png');
    const alsoLive = await storedImage();
    const alsoOrdered = await storedImage(2 * HOUR, 'webp');
    await createProduct(ctx.db, { images: [urlOf(onlyDeleted), urlOf(alsoLive), urlOf(alsoOrdered)], deletedAt: new Date() });
    await createProduct(ctx.db, { images: [urlOf(alsoLive)] });
    await orderShowing(urlOf(alsoOrdered));
    const sweeper = newSweeper();

    expect(await sweeper.sweep()).toEqual({ deleted: 0, pending: 1, kept: 2 });
    expect(await sweeper.sweep()).toEqual({ deleted: 1, pending: 0, kept: 2 });
    expect(await onDisk()).toEqual([alsoLive, alsoOrdered].sort());
  });

  it('deletes an old unreferenced image only at the second sweep that finds it so, and says so in one line', async () => {
    const dropped = await storedImage();
    const logLines: Record<string, unknown>[] = [];
    const sweeper = newSweeper(logLines);

    expect(await sweeper.sweep()).toEqual({ deleted: 0, pending: 1, kept: 0 });
    expect(await onDisk()).toEqual([dropped]);
    expect(logLines).toEqual([]);
    expect(await sweeper.sweep()).toEqual({ deleted: 1, pending: 0, kept: 0 });
    expect(await onDisk()).toEqual([]);
    expect(logLines).toEqual([expect.objectContaining({ level: 30, deleted: 1, pending: 0, kept: 0 })]);
  });

  it('starts over after a restart: a new sweeper deletes nothing at its first sweep', async () => {
    const dropped = await storedImage();
    await newSweeper().sweep();

    expect(await newSweeper().sweep()).toEqual({ deleted: 0, pending: 1, kept: 0 });
    expect(await onDisk()).toEqual([dropped]);
  });

  it('keeps an image that an order came to show between two sweeps', async () => {
    const image = await storedImage();
    const sweeper = newSweeper();
    expect(await sweeper.sweep()).toEqual({ deleted: 0, pending: 1, kept: 0 });

    await orderShowing(urlOf(image));
    expect(await sweeper.sweep()).toEqual({ deleted: 0, pending: 0, kept: 1 });
    expect(await sweeper.sweep()).toEqual({ deleted: 0, pending: 0, kept: 1 });
    expect(await onDisk()).toEqual([image]);
  });

  it('leaves images younger than an hour alone, referenced or not: their product may still be being saved', async () => {
    const young = await storedImage(50 * 60_000);
    const sweeper = newSweeper();

    expect(await sweeper.sweep()).toEqual({ deleted: 0, pending: 0, kept: 1 });
    expect(await sweeper.sweep()).toEqual({ deleted: 0, pending: 0, kept: 1 });
    expect(await onDisk()).toEqual([young]);
  });

  it('deletes temp files a dead upload left over an hour ago, and not one being written', async () => {
    await file('.upload-x', 2 * HOUR);
    const writing = await file(`.upload-${randomUUID()}`, 60_000);

    expect(await newSweeper().sweep()).toEqual({ deleted: 1, pending: 0, kept: 0 });
    expect(await onDisk()).toEqual([writing]);
  });

  it('never deletes a file whose name the storage does not make', async () => {
    const foreign = [
      await file('notes.txt', 2 * HOUR),
      await file(`${randomUUID()}.gif`, 2 * HOUR),
      await file(`${randomUUID()}.jpg.bak`, 2 * HOUR),
      await file(`${randomUUID().toUpperCase()}.jpg`, 2 * HOUR),
      await file(`x${randomUUID()}.png`, 2 * HOUR),
    ];
    const sweeper = newSweeper();

    expect(await sweeper.sweep()).toEqual({ deleted: 0, pending: 0, kept: 0 });
    expect(await sweeper.sweep()).toEqual({ deleted: 0, pending: 0, kept: 0 });
    expect(await onDisk()).toEqual(foreign.sort());
  });

  it('asks about more candidates than one statement takes, batch by batch', async () => {
    const referenced = await storedImage();
    await createProduct(ctx.db, { images: [urlOf(referenced)] });
    for (let i = 0; i < 2_100; i++) await storedImage();
    const sweeper = newSweeper();

    expect(await sweeper.sweep()).toEqual({ deleted: 0, pending: 2_100, kept: 1 });
    expect(await sweeper.sweep()).toEqual({ deleted: 2_100, pending: 0, kept: 1 });
    expect(await onDisk()).toEqual([referenced]);
  });

  it('runs one sweep at a time: a call while one runs gets that sweep', async () => {
    await storedImage();
    const sweeper = newSweeper();
    const first = sweeper.sweep();
    expect(sweeper.sweep()).toBe(first);
    expect(await first).toEqual({ deleted: 0, pending: 1, kept: 0 });
  });

  it('stops between batches once the app is closing', async () => {
    const dropped = await storedImage();
    const sweeper = newSweeper();
    await sweeper.sweep();

    expect(await sweeper.sweep({ signal: AbortSignal.abort() })).toEqual({ deleted: 0, pending: 0, kept: 0 });
    expect(await onDisk()).toEqual([dropped]);
  });

  it('finds nothing to do before anything was uploaded (no upload dir yet)', async () => {
    await rm(dir, { recursive: true });
    expect(await newSweeper().sweep()).toEqual({ deleted: 0, pending: 0, kept: 0 });
  });

  it('is wired into the API, which sweeps with the services it was built with', () => {
    expect(ctx.app.hasPlugin('image-sweeps')).toBe(true);
    expect(ctx.services.imageSweeper).toBeDefined();
  });
});

/**
 * Products added and deleted through the API, as a store would: a deleted product's files go, or adding and deleting
 * in a loop would fill the disk; a past order's picture stays.
 */
describe('sweeping the images of products deleted through the API', () => {
  const nameOf = (url: string) => url.slice('/uploads/'.length);
  /** Every file in the API's upload dir last written two hours ago: past the grace period of fresh uploads. */
  async function ageUploads(): Promise<void> {
    const at = new Date(Date.now() - 2 * HOUR);
    for (const name of await uploadDirEntries(ctx)) await utimes(path.join(ctx.config.uploadDir, name), at, at);
  }
  async function addWithImages(cookie: string, count: number): Promise<{ _id: string; images: string[] }> {
    const files = Array.from({ length: count }, (_, i) => imageFile(images.png(), `p${i}.png`));
    const res = await postProduct(ctx, cookie, [{ name: 'productData', value: productData() }, ...files]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().product;
  }
  const remove = async (cookie: string, id: string) =>
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/product/${id}/delete`, headers: { cookie } })).statusCode).toBe(200);

  it("removes the files of products added and deleted in a loop, and keeps the one a placed order's line shows", async () => {
    const seller = await loginSeller(ctx);
    const cycled: string[] = [];
    for (let i = 0; i < 3; i++) {
      const product = await addWithImages(seller, 2);
      await remove(seller, product._id);
      cycled.push(...product.images.map(nameOf));
    }
    const ordered = await addWithImages(seller, 2);
    const shopper = await shopperWithAddress(ctx.app);
    const order = await placeCodOrder(ctx.app, shopper.cookie, { items: [{ product: ordered._id, quantity: 1 }], address: shopper.address._id });
    expect(order.items[0]!.product.image).toBe(ordered.images[0]);
    await remove(seller, ordered._id);
    expect(await uploadDirEntries(ctx)).toEqual([...cycled, ...ordered.images.map(nameOf)].sort());

    // Fresh uploads keep their grace period, deleted or not.
    const sweeper = newSweeper([], ctx.config.uploadDir);
    expect(await sweeper.sweep()).toEqual({ deleted: 0, pending: 0, kept: 8 });

    await ageUploads();
    expect(await sweeper.sweep()).toEqual({ deleted: 0, pending: 7, kept: 1 });
    expect(await sweeper.sweep()).toEqual({ deleted: 7, pending: 0, kept: 1 });
    expect(await uploadDirEntries(ctx)).toEqual([nameOf(ordered.images[0]!)]);
    const shown = await ctx.app.inject({ method: 'GET', url: ordered.images[0]! });
    expect(shown.statusCode).toBe(200);
  });
});
