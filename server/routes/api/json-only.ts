import type { FastifyInstance } from 'fastify';

/**
 * Makes a route scope take JSON bodies only: Fastify's built-in text/plain parser (and a multipart parser, should one
 * be registered above it; today only the product form routes have one, in their own scope) are dropped from this
 * plugin's scope (content-type parsers are encapsulated), so a body of any other type is refused with 415 before
 * validation, instead of reaching it as a string or as nothing.
 */
export function acceptJsonOnly(app: FastifyInstance): void {
  for (const type of ['text/plain', 'multipart/form-data']) {
    if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
  }
}
