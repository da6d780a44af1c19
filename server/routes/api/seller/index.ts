import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SellerIsAuthReply, SellerLoginBody } from '../../../../core/contracts/http/accounts';
import { ErrorReplies, MessageReply } from '../../../../core/contracts/http/common';
import { SELLER_COOKIE } from '../../../plugins/auth';

/** The seller's session calls. The session travels only in the `seller_sid` cookie. */
export default async function sellerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { sellers } = app.services;

  app.post('/login', { config: { rateLimit: app.rateLimits.perMinute }, schema: { body: SellerLoginBody, response: { 200: MessageReply, ...ErrorReplies } } }, async (request, reply) => {
    const session = await sellers.login(request.body, request.ip);
    // A new login replaces whatever seller session this browser held.
    await sellers.logout(request.cookies[SELLER_COOKIE]);
    app.setSessionCookie(reply, 'seller', session.token, session.expiresAt);
    return { success: true as const, message: 'Logged in' };
  });

  // Asked whenever a /seller page opens; "not a seller" is a normal answer (200), not an error.
  app.get(
    '/is-auth',
    { schema: { response: { 200: SellerIsAuthReply, ...ErrorReplies } } },
    async (request) => {
      const principal = await app.services.sessions.resolve(request.cookies[SELLER_COOKIE]);
      return principal?.kind === 'seller' ? { success: true as const } : { success: false as const, message: 'Seller login required' };
    },
  );

  app.get('/logout', { onRequest: [app.refuseCrossSite, app.requireSeller], schema: { response: { 200: MessageReply, ...ErrorReplies } } }, async (request, reply) => {
    await sellers.logout(request.cookies[SELLER_COOKIE]);
    app.clearSessionCookie(reply, 'seller');
    return { success: true as const, message: 'Logged out' };
  });
}
