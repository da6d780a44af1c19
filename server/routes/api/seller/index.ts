import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SellerIsAuthReply, SellerLoginBody } from '../../../../core/contracts/http/accounts';
import { ErrorReplies, MessageReply } from '../../../../core/contracts/http/common';
import { SellerRegisterBody, SellerRegisterReply } from '../../../../core/contracts/http/stores';
import { SELLER_COOKIE } from '../../../plugins/auth';

/** The seller's session calls ("Become Seller" included). The session travels only in the `seller_sid` cookie. */
export default async function sellerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { sellers, stores } = app.services;

  // POST /api/seller/register: a new store, pending until the operator approves it, and signed in.
  app.post(
    '/register',
    { config: { rateLimit: app.rateLimits.registrations }, schema: { body: SellerRegisterBody, response: { 201: SellerRegisterReply, ...ErrorReplies } } },
    async (request, reply) => {
      const { sellerId, session } = await sellers.register(request.body);
      // Whatever seller session this browser held before is over.
      await sellers.logout(request.cookies[SELLER_COOKIE]);
      app.setSessionCookie(reply, 'seller', session.token, session.expiresAt);
      const seller = await stores.get(sellerId);
      return reply.code(201).send({ success: true as const, message: 'Store registered: FreshCart will review it before its products go on sale', seller });
    },
  );

  app.post('/login', { config: { rateLimit: app.rateLimits.perMinute }, schema: { body: SellerLoginBody, response: { 200: MessageReply, ...ErrorReplies } } }, async (request, reply) => {
    const session = await sellers.login(request.body, request.ip);
    // A new login replaces whatever seller session this browser held.
    await sellers.logout(request.cookies[SELLER_COOKIE]);
    app.setSessionCookie(reply, 'seller', session.token, session.expiresAt);
    return { success: true as const, message: 'Logged in' };
  });

  // Asked whenever a /seller page opens; "not a seller" is a normal answer (200), not an error. A signed-in store
  // learns its standing here (read fresh: the operator's decision shows at once).
  app.get(
    '/is-auth',
    { schema: { response: { 200: SellerIsAuthReply, ...ErrorReplies } } },
    async (request) => {
      const principal = await app.services.sessions.resolve(request.cookies[SELLER_COOKIE]);
      const seller = principal?.kind === 'seller' ? await stores.self(principal.sellerId) : null;
      return seller ? { success: true as const, seller } : { success: false as const, message: 'Seller login required' };
    },
  );

  // As the shopper's logout: without a live session (revoked, expired, or none) it still clears the cookie and succeeds,
  // so a browser holding a dead cookie can always be signed out.
  app.get('/logout', { onRequest: app.refuseCrossSite, schema: { response: { 200: MessageReply, ...ErrorReplies } } }, async (request, reply) => {
    await sellers.logout(request.cookies[SELLER_COOKIE]);
    app.clearSessionCookie(reply, 'seller');
    return { success: true as const, message: 'Logged out' };
  });
}
