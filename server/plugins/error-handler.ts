import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, HTTP_STATUS_OF } from '../../core/domain/errors';
import { isDatabaseUnreachable, watchDatabase } from '../../core/infra/database-outage';

/**
 * One error shape for every /api failure: `{ success: false, message, code, reqId }` with a real status code.
 * 4xx messages are written for people; 5xx says only "Something went wrong" and the log gets everything.
 */
export default fp(async function errorHandler(app: FastifyInstance) {
  const database = watchDatabase(app.db, app.log);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const reqId = request.id;
    if (error instanceof AppError) {
      const status = HTTP_STATUS_OF[error.kind];
      if (error.kind === 'too_many' && typeof error.details?.retryAfterSeconds === 'number') {
        reply.header('retry-after', String(error.details.retryAfterSeconds));
      }
      return reply.code(status).send({ success: false, message: error.message, code: error.code, reqId, ...(error.details ? { details: error.details } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // A call that sent no body at all (or JSON null) where an object is expected.
        if (!path && error.validationContext === 'body' && /expected object, received (null|undefined)/.test(v.message ?? '')) {
          return 'The request has no body: send a JSON object';
        }
        return path && !v.message?.toLowerCase().includes(path.split('.').pop()!.toLowerCase()) ? `${path}: ${v.message}` : v.message;
      });
      return reply.code(400).send({ success: false, message: issues.join('; ') || 'Invalid request', code: 'invalid_request', reqId });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send({ success: false, message: 'Something went wrong', code: 'internal', reqId });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ success: false, message: clientMessage(error), code: error.code ?? 'bad_request', reqId });
    }
    if (isDatabaseUnreachable(error)) {
      // An outage is logged once when it starts and once when it ends (watchDatabase), not per request.
      database.failed(error);
      reply.header('retry-after', '5');
      return reply.code(503).send({ success: false, message: 'The store cannot reach its database right now. Please try again in a moment.', code: 'unavailable', reqId });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(status >= 500 ? status : 500).send({ success: false, message: 'Something went wrong', code: 'internal', reqId });
  });
});

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large) in words a person understands. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send JSON (application/json)';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty: send a JSON object';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Request body is not valid JSON';
    default:
      return error.statusCode === 400 && error.message.startsWith('Unexpected') ? 'Request body is not valid JSON' : error.message;
  }
}
