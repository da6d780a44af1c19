#!/usr/bin/env node
// `npm run build`: the client (dist/client) and the API, workers, start script and seed (dist/app), always rebuilt.
import path from 'node:path';
import { build } from './build/build.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
try {
  await build(ROOT, 'client');
  await build(ROOT, 'server');
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
