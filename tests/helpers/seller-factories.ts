import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { ensureConfiguredSeller } from '../../core/modules/sellers/seller-service';
import type { TestContext } from './build-app';
import { insertOrderRow, type OrderRowSeed } from './order-rows';

/** Seller-area test helpers: sessions, multipart forms with real image bytes, and rows the board reads. */

/** Logs the configured seller in through the API and returns a Cookie header value (`seller_sid=…`). */
export async function loginSeller(ctx: TestContext): Promise<string> {
  await ensureConfiguredSeller(ctx.db, ctx.config);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/seller/login', payload: ctx.config.seller });
  if (res.statusCode !== 200) throw new Error(`seller login failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res.headers['set-cookie'], 'seller_sid');
}

/** The operator's own store ('FreshCart', the configured seller account): the store `loginSeller` signs in as. */
export async function operatorStoreId(ctx: TestContext): Promise<string> {
  return (await ensureConfiguredSeller(ctx.db, ctx.config)).sellerId;
}

/** A shopper with a live session, made directly: the `sid` cookie a logged-in shopper's browser holds. */
export async function shopperCookie(ctx: TestContext): Promise<{ userId: string; cookie: string }> {
  const user = await ctx.db.user.create({
    data: { name: 'Asha', email: `asha-${randomUUID()}@example.in`, passwordHash: await ctx.services.passwords.hash('shopper-pass-1') },
  });
  const { token } = await ctx.services.sessions.create({ userId: user.id });
  return { userId: user.id, cookie: `sid=${token}` };
}

export function cookieFrom(setCookie: string | string[] | undefined, name: string): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie in ${JSON.stringify(all)}`);
  return found.split(';')[0]!;
}

// ---- image bytes: real signatures, padded to the size a test needs ----

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

const padded = (head: Buffer, size: number) => Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);

export const images = {
  png: (size = 2048) => padded(PNG_1X1, size),
  jpeg: (size = 2048) => padded(JPEG_HEAD, size),
  webp: (size = 2048) => {
    const head = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
    const bytes = padded(head, size);
    bytes.writeUInt32LE(bytes.length - 8, 4);
    return bytes;
  },
  text: () => Buffer.from('This is not an image at all, just some notes about tomatoes.\n'.repeat(20)),
};

// ---- multipart forms ----

export type FormEntry =
  | { name: string; value: string; contentType?: string }
  | { name: string; filename: string; content: Buffer; contentType?: string };

/** A multipart/form-data body built by hand, so tests control every part (names, order, declared types). */
export function multipart(entries: FormEntry[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----seller-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const entry of entries) {
    const disposition =
      'filename' in entry
        ? `form-data; name="${entry.name}"; filename="${entry.filename}"`
        : `form-data; name="${entry.name}"`;
    const type = 'filename' in entry ? (entry.contentType ?? 'application/octet-stream') : entry.contentType;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`));
    chunks.push('filename' in entry ? entry.content : Buffer.from(entry.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const productData = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({ name: 'Alphonso Mango', category: 'Fruits', price: 499, offerPrice: 449, description: 'Sweet/nRipe', ...overrides });

export const imageFile = (content: Buffer, filename = 'photo.png', contentType = 'image/png'): FormEntry => ({
  name: 'images',
  filename,
  content,
  contentType,
});

/** POSTs a product form to /api/product/add. */
export function postProduct(ctx: TestContext, cookie: string | undefined, entries: FormEntry[]) {
  const form = multipart(entries);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/product/add',
    payload: form.payload,
    headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
  });
}

/** Adds a product through the API with one PNG and returns its DTO. */
export async function addProduct(ctx: TestContext, cookie: string, overrides: Record<string, unknown> = {}) {
  const res = await postProduct(ctx, cookie, [{ name: 'productData', value: productData(overrides) }, imageFile(images.png())]);
  if (res.statusCode !== 201) throw new Error(`add product failed: ${res.statusCode} ${res.body}`);
  return res.json().product as { _id: string; images: string[]; inStock: boolean; stock: number | null };
}

/** Every entry in the upload dir, temporary files included: what "nothing stored" is checked against. */
export async function uploadDirEntries(ctx: TestContext): Promise<string[]> {
  return (await readdir(ctx.config.uploadDir)).sort();
}

// ---- orders as the checkout leaves them (rows, so the board can be tested before payments exist) ----

export type OrderSeed = Omit<OrderRowSeed, 'sellerId'> & { sellerId?: string };

/** An order with one line (2 × ₹45.50, + ₹2 fee) and its creation history row, of the product's store unless told. */
export async function insertOrder(ctx: TestContext, seed: OrderSeed) {
  const sellerId = seed.sellerId ?? (await ctx.db.product.findUniqueOrThrow({ where: { id: seed.productId }, select: { sellerId: true } })).sellerId;
  return insertOrderRow(ctx.db, { ...seed, sellerId });
}

/** A product row for orders to point at, sold by the operator's own store (the configured seller) unless told. */
export async function insertProduct(ctx: TestContext, overrides: { inStock?: boolean; stockQuantity?: number | null; sellerId?: string } = {}) {
  const sellerId = overrides.sellerId ?? (await operatorStoreId(ctx));
  return ctx.db.product.create({
    data: { name: 'Tomato', category: 'Vegetables', description: ['Fresh'], pricePaise: 5000, offerPricePaise: 4550, images: ['/catalog-images/tomato.svg'], ...overrides, sellerId },
  });
}

/** Outbox rows of one type, oldest first: what the relay will publish. */
export async function outboxEvents(ctx: TestContext, type: string) {
  const rows = await ctx.db.outboxEvent.findMany({ where: { type }, orderBy: { createdAt: 'asc' } });
  return rows.map((r) => r.payload as Record<string, unknown>);
}
