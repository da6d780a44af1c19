import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { ErrorReplies, MessageReply } from '../../../core/contracts/http/common';
import { requireErrorReplies } from '../../../server/routes/api/error-replies';

const root = path.resolve(import.meta.dirname, '../../..');

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourcesUnder(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Lines that declare a zod schema of an /api reply (every reply carries `success`). */
const declaresReply = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /success: z\./.test(line))
    .map((line) => `${path.relative(root, file)}: ${line.trim()}`);

describe('HTTP reply schemas', () => {
  it('are declared in core/contracts only: neither the client nor a route file declares one of its own', () => {
    const elsewhere = [...sourcesUnder(path.join(root, 'client/src')), ...sourcesUnder(path.join(root, 'server'))].flatMap(declaresReply);
    expect(elsewhere).toEqual([]);
  });

  it('are what the client parses its answers with: every client API call names a schema from core/contracts', () => {
    const apiFiles = sourcesUnder(path.join(root, 'client/src/features')).filter((f) => f.includes(`${path.sep}api${path.sep}`));
    const calls = apiFiles.filter((f) => /api\.(get|post|put|delete)\(/.test(readFileSync(f, 'utf8')));
    expect(calls.length).toBeGreaterThanOrEqual(12);
    for (const file of calls) expect(readFileSync(file, 'utf8'), path.relative(root, file)).toMatch(/from '@core\/contracts\/http\//);
  });
});

describe('an /api route', () => {
  async function appWith(declare: (app: FastifyInstance) => void) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    requireErrorReplies(app);
    declare(app);
    await app.ready();
    return app;
  }

  it('is refused when it does not declare its 4xx replies', async () => {
    await expect(appWith((app) => app.get('/bare', async () => ({ success: true })))).rejects.toThrow(/GET \/bare must declare its 4xx replies/);
    await expect(
      appWith((app) => app.get('/ok-only', { schema: { response: { 200: MessageReply } } }, async () => ({ success: true, message: 'hi' }))),
    ).rejects.toThrow(/must declare its 4xx replies/);
  });

  it('with ErrorReplies answers its failures in the shared error shape, and nothing beyond it', async () => {
    const app = await appWith((a) =>
      a.get('/fails', { schema: { response: { 200: MessageReply, ...ErrorReplies } } }, async (_request, reply) =>
        reply.code(409).send({ success: false, message: 'Taken', code: 'taken', reqId: 'r1', internal: 'never sent' } as never),
      ),
    );
    const res = await app.inject({ method: 'GET', url: '/fails' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'Taken', code: 'taken', reqId: 'r1' });
    await app.close();
  });
});
