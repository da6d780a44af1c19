import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../../core/domain/errors';
import type { Principal } from '../../core/modules/accounts/session-service';

/** Shopper and seller sessions use separate cookies: a shopper session is never a seller session. */
export const USER_COOKIE = 'sid';
export const SELLER_COOKIE = 'seller_sid';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 unless a shopper is logged in; sets request.userId. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: 401 unless a seller is logged in; sets request.sellerId. */
    requireSeller: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: 401 unless a seller is logged in, 403 unless it is the platform operator; sets request.sellerId. */
    requireOperator: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    setSessionCookie: (reply: FastifyReply, kind: Principal['kind'], token: string, expiresAt: Date) => void;
    clearSessionCookie: (reply: FastifyReply, kind: Principal['kind']) => void;
  }
  interface FastifyRequest {
    userId: string;
    sellerId: string;
  }
}

export default fp(async function auth(app: FastifyInstance) {
  const { sessions } = app.services;
  app.decorateRequest('userId', '');
  app.decorateRequest('sellerId', '');

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const principal = await sessions.resolve(request.cookies[USER_COOKIE]);
    if (principal?.kind !== 'user') throw unauthorized('Please login');
    request.userId = principal.userId;
  });

  app.decorate('requireSeller', async (request: FastifyRequest) => {
    const principal = await sessions.resolve(request.cookies[SELLER_COOKIE]);
    if (principal?.kind !== 'seller') throw unauthorized('Seller login required');
    request.sellerId = principal.sellerId;
  });

  // The operator flag is read from the database on every operator call, never remembered with the session.
  app.decorate('requireOperator', async (request: FastifyRequest, reply: FastifyReply) => {
    await app.requireSeller(request, reply);
    if (!(await app.services.stores.isOperator(request.sellerId))) throw forbidden('Only the FreshCart operator can do this');
  });

  app.decorate('setSessionCookie', (reply: FastifyReply, kind: Principal['kind'], token: string, expiresAt: Date) => {
    reply.setCookie(kind === 'user' ? USER_COOKIE : SELLER_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.cookieSecure,
      path: '/',
      expires: expiresAt,
    });
  });

  app.decorate('clearSessionCookie', (reply: FastifyReply, kind: Principal['kind']) => {
    reply.clearCookie(kind === 'user' ? USER_COOKIE : SELLER_COOKIE, { path: '/' });
  });
});
