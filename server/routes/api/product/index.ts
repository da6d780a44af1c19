import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorReplies, IdParams, MessageReply } from '../../../../core/contracts/http/common';
import { ProductDetailReply, ProductListQuery, ProductListReply, ProductPatchBody, ProductReply, StockBody } from '../../../../core/contracts/http/products';
import { COMPRESS_THRESHOLD_BYTES, compressedIfReady, compressedOnce, preferredEncoding, type Encoding } from '../../../plugins/compression';
import { productFormParts } from './upload-parts';

export default async function productRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { catalog, productAdmin, stores } = app.services;

  // GET /api/product/list: in-stock products of approved stores; ?search=&category=&seller=&page=&limit= narrow it, no limit = the whole list.
  // It compresses its own bodies, once each, so the compression plugin's per-request hooks are left out of this route.
  const selfCompressed = { compress: false, decompress: false } as const;
  app.get('/list', { ...selfCompressed, schema: { querystring: ProductListQuery, response: { 200: ProductListReply, ...ErrorReplies } } }, (request, reply) => {
    // Every list is a ready-made JSON body of the same schema, kept by the catalogue until a product changes, sent as
    // it is and compressed once per body (answers under the compression threshold go as they are, as elsewhere).
    const accepted = request.headers['accept-encoding'];
    // Nearly every page view: the list and its compressed form are both kept, and go out at once, with no promise.
    const kept = catalog.cachedListJson(request.query);
    const encoding = kept && listEncoding(kept, accepted);
    const ready = kept && (encoding ? compressedIfReady(kept, encoding) : kept);
    if (ready) return void sendList(reply, ready, encoding ?? null);
    return (async () => {
      const body = await catalog.listJson(request.query);
      const encoding = listEncoding(body, accepted);
      return sendList(reply, encoding ? await compressedOnce(body, encoding) : body, encoding);
    })();
  });

  app.get('/:id', { schema: { params: IdParams, response: { 200: ProductDetailReply, ...ErrorReplies } } }, async (request) => {
    return { success: true as const, product: await catalog.get(request.params.id) };
  });

  // Seller calls. The session is checked onRequest: before the body is parsed or validated, so before any
  // multipart byte is read, and a visitor gets 401 whatever the body.
  const seller = { onRequest: app.requireSeller };
  // Every change to a store's products counts against the store's budget of product changes (rate-limits.ts).
  const sellerWrite = { ...seller, preHandler: app.limitProductWrites };
  // Adding needs a store in good enough standing (a rejected one may not), read fresh from the database.
  const mayAdd = async (request: { sellerId: string }) => stores.assertMayAddProducts(request.sellerId);

  // The two form routes, in a scope of their own with the multipart parser: @fastify/multipart hooks every request
  // of its scope (an async onRequest and onResponse, a listener on each reply), which no other route needs.
  await app.register(async (scope) => {
    const forms = scope.withTypeProvider<ZodTypeProvider>();
    await forms.register(multipart, {
      limits: { files: 4, fileSize: forms.config.maxImageBytes, fields: 10, fieldSize: 16 * 1024, parts: 16 },
    });
    // POST /api/product/add: multipart `productData` (JSON string) + 1 to 4 `images`.
    forms.post('/add', { onRequest: [forms.requireSeller, mayAdd], preHandler: forms.limitProductWrites, config: { rateLimit: forms.rateLimits.uploads }, schema: { response: { 201: ProductReply, ...ErrorReplies } } }, async (request, reply) => {
      const product = await productAdmin.add(request.sellerId, productFormParts(request, forms.config.maxImageBytes));
      return reply.code(201).send({ success: true as const, message: 'Product added', product });
    });

    // PUT /api/product/:id: the edit form (multipart, like add); `productData.images` orders the images (kept ones by URL, new files as null).
    forms.put('/:id', { ...sellerWrite, config: { rateLimit: forms.rateLimits.uploads }, schema: { params: IdParams, response: { 200: ProductReply, ...ErrorReplies } } }, async (request) => {
      const product = await productAdmin.edit(request.sellerId, request.params.id, productFormParts(request, forms.config.maxImageBytes));
      return { success: true as const, message: 'Product updated', product };
    });
  });

  // PATCH /api/product/:id: JSON with only the fields to change, e.g. `{ "stock": 24 }` to restock.
  app.patch('/:id', { ...sellerWrite, schema: { params: IdParams, body: ProductPatchBody, response: { 200: ProductReply, ...ErrorReplies } } }, async (request) => {
    return { success: true as const, message: 'Product updated', product: await productAdmin.patch(request.sellerId, request.params.id, request.body) };
  });

  app.post('/stock', { ...sellerWrite, schema: { body: StockBody, response: { 200: ProductReply, ...ErrorReplies } } }, async (request) => {
    return { success: true as const, message: 'Stock updated', product: await productAdmin.setStock(request.sellerId, request.body) };
  });

  app.delete('/:id/delete', { ...sellerWrite, schema: { params: IdParams, response: { 200: MessageReply, ...ErrorReplies } } }, async (request) => {
    await productAdmin.remove(request.sellerId, request.params.id);
    return { success: true as const, message: 'Product deleted' };
  });

  // GET /api/product/seller-list: the store's own products that are not deleted, out of stock ones included, newest first.
  app.get('/seller-list', { ...seller, schema: { querystring: ProductListQuery, response: { 200: ProductListReply, ...ErrorReplies } } }, async (request) => {
    return { success: true as const, ...(await productAdmin.list(request.sellerId, request.query)) };
  });
}

/** A list body is compressed from the threshold up, as other answers are, in the encoding the client prefers. */
function listEncoding(body: Buffer, acceptEncoding: string | undefined): Encoding | null {
  return body.length >= COMPRESS_THRESHOLD_BYTES ? preferredEncoding(acceptEncoding) : null;
}

function sendList(reply: FastifyReply, bytes: Buffer, encoding: Encoding | null): FastifyReply {
  reply.type('application/json').header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(bytes);
}
