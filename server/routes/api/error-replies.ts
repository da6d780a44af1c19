import type { FastifyInstance, RouteOptions } from 'fastify';
import { ErrorReply } from '../../../core/contracts/http/common';

/**
 * Refuses, when the app is built, an /api route that does not declare its 4xx replies with the shared error schema
 * (`...ErrorReplies` from core/contracts/http/common.ts), so the contract of every failure is written down and the
 * reply is checked against it.
 */
export function requireErrorReplies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => assertDeclaresErrorReplies(route));
}

export function assertDeclaresErrorReplies(route: Pick<RouteOptions, 'method' | 'url' | 'schema'>): void {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  if (response?.['4xx'] !== ErrorReply) {
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    throw new Error(`${method} ${route.url} must declare its 4xx replies: response: { ..., ...ErrorReplies }`);
  }
}
