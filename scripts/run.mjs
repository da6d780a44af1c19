#!/usr/bin/env node
// `npm start`, `npm run start:api`, `npm run start:worker`, `npm run db:seed`: builds whatever is missing or older
// than its sources (build/build.mjs), then runs the compiled JavaScript in this same process, so that a signal sent to
// this process (a supervisor's SIGTERM, a terminal's Ctrl-C) reaches the app itself.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_ENTRIES, ensureBuilt } from './build/build.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const role = process.argv[2];
if (!(role in SERVER_ENTRIES)) {
  console.error(`usage: node scripts/run.mjs <${Object.keys(SERVER_ENTRIES).join('|')}>`);
  process.exit(2);
}

/** The roles that serve the built client, unless SERVE_CLIENT turns that off. */
const servesClient = (role === 'start' || role === 'api') && !/^(false|0|no)$/.test(process.env.SERVE_CLIENT ?? '');

try {
  await ensureBuilt(ROOT, ['server']);
} catch (error) {
  console.error(`Could not build the server: ${error.message}`);
  process.exit(1);
}
if (servesClient) {
  await ensureBuilt(ROOT, ['client']).catch((error) => {
    // The API still starts without the pages; the shopper sees why in the log.
    console.warn(`WARNING: ${error.message}\nOnly the API is served. Fix it and run \`npm run build\`, then restart.`);
  });
}

// Under npm, a SIGTERM sent to npm alone (a supervisor that signals only the process it started) ends npm and its
// shell but not this process, which would run on as an orphan. Losing the parent is therefore a stop request too.
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, 500).unref();
}

const entry = path.join(ROOT, 'dist', 'app', `${role}.js`);
if (!existsSync(entry)) {
  console.error(`${entry} is missing after the build.`);
  process.exit(1);
}
await import(pathToFileURL(entry).href);
