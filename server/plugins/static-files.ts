import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../../core/infra/paths';

export const CLIENT_DIR = path.join(PROJECT_ROOT, 'dist/client');
export const CATALOG_IMAGES_DIR = path.join(PROJECT_ROOT, 'prisma/seed/images');

const YEAR = 365 * 24 * 60 * 60;

/**
 * Uploaded product images (/uploads), the demo catalogue's images (/catalog-images) and, in production, the built
 * client with a history fallback so deep links like /products/fruits load the app.
 */
export default fp(async function staticFiles(app: FastifyInstance) {
  const uploadDir = path.resolve(app.config.uploadDir);
  await mkdir(uploadDir, { recursive: true });

  // Upload names are random and never reused, so they can be cached forever.
  await app.register(fastifyStatic, { root: uploadDir, prefix: '/uploads/', decorateReply: false, maxAge: YEAR * 1000, immutable: true, index: false, dotfiles: 'deny' });
  await app.register(fastifyStatic, { root: CATALOG_IMAGES_DIR, prefix: '/catalog-images/', decorateReply: false, maxAge: 7 * 24 * 3600 * 1000, index: false });

  const serveClient = app.config.serveClient && existsSync(path.join(CLIENT_DIR, 'index.html'));
  if (serveClient) await app.register(fastifyStatic, {
    root: CLIENT_DIR,
    prefix: '/',
    index: false,
    wildcard: false,
    // The build wrote .br and .gz beside every text file (client/build/precompress.ts); the one the browser accepts
    // is sent, with `Vary: Accept-Encoding`.
    preCompressed: true,
    // Hashed assets never change; index.html must always be revalidated so a deploy is picked up.
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? `public, max-age=${YEAR}, immutable` : 'no-cache');
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isPage = serveClient && request.method === 'GET' && !/^\/(api|uploads|catalog-images|ws)(\/|$)/.test(url);
    if (!isPage) {
      return reply.code(404).send({ success: false, message: `No such endpoint: ${request.method} ${url}`, code: 'not_found', reqId: request.id });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', CLIENT_DIR);
  });
});
