import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { describeInputProblem, findInputProblem, isCleanText, type InputProblem } from '../../core/contracts/http/clean-input';
import { invalid } from '../../core/domain/errors';

const refuse = (problem: InputProblem) => invalid('invalid_text', describeInputProblem(problem));

/**
 * Every string a request carries (headers, path parameters, query, JSON body) is checked before any handler or
 * schema sees it: NUL or ill-formed Unicode is a 400, never a database error (docs/architecture.md, invariant 6). Multipart
 * fields and webhook payloads are parsed later, by their own code, which checks them with the same rules.
 */
export default fp(async function inputGuard(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    for (const [name, value] of Object.entries(request.headers)) {
      const values = Array.isArray(value) ? value : [value];
      if (values.some((v) => typeof v === 'string' && !isCleanText(v))) {
        return done(refuse({ where: `${name} header`, problem: values.some((v) => v?.includes('\u0000')) ? 'nul' : 'ill_formed' }));
      }
    }
    done();
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const problem =
      findInputProblem(request.params, 'address (URL)') ??
      findInputProblem(request.query, 'query string') ??
      findInputProblem(request.body, 'request body');
    done(problem ? refuse(problem) : undefined);
  });
});
