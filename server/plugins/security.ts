import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError, forbidden } from '../../core/domain/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest for the GET calls that change state (logout, as the store's client calls it): refused when the browser
     * says the request came from another site (Origin, Sec-Fetch-Site), e.g. an <img> on a foreign page.
     */
    refuseCrossSite: (request: FastifyRequest) => Promise<void>;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Calls from servers, not browsers, that carry no cookie and prove themselves another way (signatures). */
const ORIGIN_EXEMPT = new Set(['/api/payments/razorpay/webhook']);

// Razorpay Checkout is a script and an iframe from its own origin, and reports to its own telemetry host.
const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com';
const RAZORPAY_FRAMES = ['https://api.razorpay.com', 'https://checkout.razorpay.com'];
const RAZORPAY_CONNECT = 'https://lumberjack.razorpay.com';

/** Features the store never uses are switched off for it and for anything it embeds; payment only for Razorpay. */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'usb=()',
  'interest-cohort=()',
  `payment=(self ${RAZORPAY_FRAMES.map((o) => `"${o}"`).join(' ')})`,
].join(', ');

/**
 * Security headers on every answer (helmet's, errors and 404s included), and a same-origin check on
 * state-changing calls on top of SameSite cookies: a browser always sends Origin (or at least Referer) on a
 * cross-site POST, so a foreign one is refused. Calls with neither header come from non-browser clients, which carry
 * no ambient cookies to abuse.
 */
export default fp(async function security(app: FastifyInstance) {
  const { publicOrigin } = app.config;
  const https = publicOrigin.startsWith('https:');
  // The live socket is on the store's own host: `'self'` covers it in current browsers, the explicit ws(s) URL in
  // older ones. No other host may be reached from the page.
  const ownSocket = publicOrigin.replace(/^http/, 'ws');

  // helmet's headers are worked out once, here: every one of them is the same on every answer. (Setting them through
  // the middleware on each request, or @fastify/helmet rebuilding it per request, was a good part of the CPU of a
  // small catalogue answer.)
  const securityHeaders = headersOf(helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", RAZORPAY_SCRIPT],
        frameSrc: RAZORPAY_FRAMES,
        connectSrc: ["'self'", ownSocket, RAZORPAY_CONNECT],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Razorpay may open a window for some payment methods and talk to it; anything else keeps its own browsing group.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only where the store is served over https; on http (a laptop) it would be ignored anyway, and wrong.
    hsts: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
  }));
  securityHeaders['permissions-policy'] = PERMISSIONS_POLICY;

  // The store's own address (with its loopback aliases) and, while `npm run dev` runs it, Vite's dev server.
  const allowed = app.config.trustedOrigins;

  // API answers are personal (carts, addresses, orders) or live (stock, prices): no browser or proxy may keep one. The
  // client's files and images set their own caching (static-files.ts).
  const apiHeaders = { ...securityHeaders, 'cache-control': 'no-store' };

  // One synchronous hook: headers set this early stay on every answer, errors and 404s included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : securityHeaders);
    if (!STATE_CHANGING.has(request.method) || ORIGIN_EXEMPT.has(request.url.split('?')[0]!)) return done();
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (origin !== undefined && !allowed.has(origin)) return done(new AppError('forbidden', 'forbidden_origin', originRefusal(origin, app.config.publicOrigin)));
    done();
  });

  app.decorate('refuseCrossSite', async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    // 'same-origin' (the store's own page) and 'none' (typed into the address bar) are the user's own doing.
    const foreignSite = typeof site === 'string' && site !== 'same-origin' && site !== 'none';
    if ((origin !== undefined && !allowed.has(origin)) || (foreignSite && !(origin && allowed.has(origin)))) {
      throw forbidden('Request refused: it came from another site');
    }
  });
});

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The headers a middleware sets, by lower-case name: run once against a response that only records them. */
function headersOf(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/** What the shopper sees: the page's address is not the store's, and where the store is. */
export function originRefusal(origin: string, publicOrigin: string): string {
  const where = /^https?:\/\/[^/]+$/.test(origin) ? `this page was opened at ${origin}` : 'it came from another site';
  return `Request refused: ${where}, but the store's address is ${publicOrigin}. Open ${publicOrigin} to continue.`;
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}
