import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuthReply, IsAuthReply, LoginBody, RegisterBody } from '../../../../core/contracts/http/accounts';
import { ErrorReplies, MessageReply } from '../../../../core/contracts/http/common';
import { USER_COOKIE } from '../../../plugins/auth';

/** The shopper's account calls. The session token travels only in the httpOnly `sid` cookie. */
export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { accounts } = app.services;

  app.post('/register', { config: { rateLimit: app.rateLimits.registrations }, schema: { body: RegisterBody, response: { 201: AuthReply, ...ErrorReplies } } }, async (request, reply) => {
    const { user, session } = await accounts.register(request.body);
    // Whatever shopper session this browser held before is over.
    await accounts.logout(request.cookies[USER_COOKIE]);
    app.setSessionCookie(reply, 'user', session.token, session.expiresAt);
    return reply.code(201).send({ success: true as const, message: 'Account created', user });
  });

  app.post('/login', { config: { rateLimit: app.rateLimits.perMinute }, schema: { body: LoginBody, response: { 200: AuthReply, ...ErrorReplies } } }, async (request, reply) => {
    const { user, session } = await accounts.login(request.body, request.ip);
    await accounts.logout(request.cookies[USER_COOKIE]);
    app.setSessionCookie(reply, 'user', session.token, session.expiresAt);
    return { success: true as const, message: 'Logged in', user };
  });

  // Asked on every page load; a visitor is a normal answer (200), so browsers log no failed request for it.
  app.get('/is-auth', { schema: { response: { 200: IsAuthReply, ...ErrorReplies } } }, async (request) => {
    const principal = await app.services.sessions.resolve(request.cookies[USER_COOKIE]);
    if (principal?.kind !== 'user') return { success: false as const, message: 'Not logged in', user: null };
    return { success: true as const, user: await accounts.me(principal.userId) };
  });

  // GET as the store's client calls it. Logging out twice, or without a session, is still a success.
  app.get('/logout', { onRequest: app.refuseCrossSite, schema: { response: { 200: MessageReply, ...ErrorReplies } } }, async (request, reply) => {
    await accounts.logout(request.cookies[USER_COOKIE]);
    app.clearSessionCookie(reply, 'user');
    return { success: true as const, message: 'Logged out' };
  });
}
