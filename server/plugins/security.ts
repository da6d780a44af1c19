import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../../core/domain/errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Built once: it is the same on every answer. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // Razorpay Checkout is a script and an iframe from its own origin.
  "script-src 'self' https://checkout.razorpay.com",
  'frame-src https://api.razorpay.com https://checkout.razorpay.com',
  "connect-src 'self' ws: wss: https://lumberjack.razorpay.com",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': CONTENT_SECURITY_POLICY,
};

/** Calls from servers, not browsers, that carry no cookie and prove themselves another way (signatures). */
const ORIGIN_EXEMPT = new Set(['/api/payments/razorpay/webhook']);

/**
 * Security headers on every answer, and a same-origin check on state-changing calls on top of SameSite cookies:
 * a browser always sends Origin (or at least Referer) on a cross-site POST, so a foreign one is refused. Calls with
 * neither header come from non-browser clients, which carry no ambient cookies to abuse.
 */
export default fp(async function security(app: FastifyInstance) {
  const allowed = new Set([app.config.publicOrigin]);
  // Vite's dev server proxies the API; its origin is the developer's browser origin.
  allowed.add('http://localhost:5173');

  // One synchronous hook for both jobs: headers set this early stay on every answer, errors and 404s included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    if (!STATE_CHANGING.has(request.method) || ORIGIN_EXEMPT.has(request.url.split('?')[0]!)) return done();
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (origin !== undefined && !allowed.has(origin)) return done(forbidden('Request refused: it came from another site'));
    done();
  });
});

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}
