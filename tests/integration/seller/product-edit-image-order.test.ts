import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../../helpers/build-app';
import { imageFile, images, loginSeller, multipart, postProduct, productData, uploadDirEntries, type FormEntry } from '../../helpers/seller-factories';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await buildTestContext();
  cookie = await loginSeller(ctx);
});
afterAll(() => ctx.close());

/** A product with three images (PNG, PNG, PNG), as the add form sends them. */
async function productWithThreeImages(): Promise<{ _id: string; images: string[] }> {
  const res = await postProduct(ctx, cookie, [{ name: 'productData', value: productData() }, ...[1, 2, 3].map(() => imageFile(images.png()))]);
  expect(res.statusCode).toBe(201);
  return res.json().product;
}

const put = (id: string, entries: FormEntry[]) => {
  const form = multipart(entries);
  return ctx.app.inject({ method: 'PUT', url: `/api/product/${id}`, payload: form.payload, headers: { ...form.headers, cookie } });
};
const keeping = (list: (string | null)[]): FormEntry => ({ name: 'productData', value: productData({ images: list }) });

describe('PUT /api/product/:id image order', () => {
  it('puts a new image where the list has null: a replaced first image stays first', async () => {
    const product = await productWithThreeImages();
    const [, side, box] = product.images;
    const res = await put(product._id, [keeping([null, side!, box!]), imageFile(images.jpeg(), 'front.jpg', 'image/jpeg')]);
    expect(res.statusCode).toBe(200);
    const saved = res.json().product.images as string[];
    expect(saved).toHaveLength(3);
    expect(saved[0]).toMatch(/^\/uploads\/.+\.jpg$/);
    expect(saved.slice(1)).toEqual([side, box]);
  });

  it('fills the nulls with the new files in the order they are sent', async () => {
    const product = await productWithThreeImages();
    const [front] = product.images;
    const res = await put(product._id, [
      keeping([null, front!, null]),
      imageFile(images.jpeg(), 'a.jpg', 'image/jpeg'),
      imageFile(images.webp(), 'b.webp', 'image/webp'),
    ]);
    expect(res.statusCode).toBe(200);
    const saved = res.json().product.images as string[];
    expect(saved[0]).toMatch(/\.jpg$/);
    expect(saved[1]).toBe(front);
    expect(saved[2]).toMatch(/\.webp$/);
  });

  it('refuses a list with more nulls than files sent, storing and changing nothing', async () => {
    const product = await productWithThreeImages();
    const before = await uploadDirEntries(ctx);
    const res = await put(product._id, [keeping([null, null, product.images[0]!]), imageFile(images.jpeg(), 'a.jpg', 'image/jpeg')]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('image_file_missing');
    expect(await uploadDirEntries(ctx)).toEqual(before);
    const stored = await ctx.app.inject({ method: 'GET', url: `/api/product/${product._id}` });
    expect(stored.json().product.images).toEqual(product.images);
  });
});
