import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorReplies } from '../../../../core/contracts/http/common';
import { CartReply, CartUpdateBody } from '../../../../core/contracts/http/cart';

/** The logged-in shopper's cart, synced by the client after every change. */
export default async function cartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { cart } = app.services;

  // POST /api/cart/update { cartItems }: replaces the stored cart; a body's userId is ignored, the session decides.
  app.post('/update', { onRequest: app.requireUser, schema: { body: CartUpdateBody, response: { 200: CartReply, ...ErrorReplies } } }, async (request) => {
    const cartItems = await cart.replace(request.userId, request.body.cartItems);
    return { success: true as const, message: 'Cart updated', cartItems };
  });
}
