import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
/** The API (Fastify) that `npm run dev` proxies to (scripts/dev.mjs); `npm start` serves the built client itself. */
const apiOrigin = process.env.DEV_API_ORIGIN ?? 'http://localhost:3000';

const proxy = {
  '/api': { target: apiOrigin, changeOrigin: false },
  '/ws': { target: apiOrigin, ws: true },
  '/uploads': { target: apiOrigin },
  '/catalog-images': { target: apiOrigin },
};

export default defineConfig({
  root: clientRoot,
  // precompress: .br and .gz beside every text file of the build, served as they are.
  plugins: [react(), precompress()],
  resolve: {
    // Pure shared modules (domain rules, contracts). Never core/infra or core/modules: those are node only.
    alias: { '@core': fileURLToPath(new URL('../core', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
    emptyOutDir: true,
    // Hashed file names under assets/ so the server can cache them for a long time.
    assetsDir: 'assets',
    // Images stay files (cached, lazy-loaded) instead of growing the JavaScript the home page must download.
    assetsInlineLimit: 0,
    // Every browser the store supports preloads modules natively; the polyfill would only add to the first load.
    modulePreload: { polyfill: false },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
