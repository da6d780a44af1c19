// @ts-check
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of the code base and what each may import (docs/architecture.md, "Layers"). A file outside these
 * folders (tests, scripts, bench, prisma) is not a layer and may import anything.
 */
const LAYERS = [
  { type: 'client', pattern: 'client/src', partialMatch: false },
  { type: 'domain', pattern: 'core/domain', partialMatch: false },
  { type: 'contracts', pattern: 'core/contracts', partialMatch: false },
  { type: 'infra', pattern: 'core/infra', partialMatch: false },
  { type: 'modules', pattern: 'core/modules', partialMatch: false },
  // What is left of core/ (services.ts): the composition root that builds every module's service.
  { type: 'composition', pattern: 'core', partialMatch: false },
  { type: 'server', pattern: 'server', partialMatch: false },
  { type: 'workers', pattern: 'workers', partialMatch: false },
];

const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
const anyPackage = { to: { module: { origin: 'external' } } };
const nodeBuiltins = { to: { module: { origin: 'core' } } };
/** HTTP and queue frameworks belong to the edges (server/, workers/), never to the modules they call. */
const EDGE_FRAMEWORKS = ['fastify', 'fastify-*', '@fastify/*', 'bullmq'];

const layerPolicies = [
  // The browser bundle: its own code, the pure domain and the shared contracts; no Node built-ins.
  { from: { element: { type: 'client' } }, allow: [to('client', 'domain', 'contracts'), anyPackage] },
  // Pure code without I/O: each other and zod, nothing else.
  {
    from: { element: { types: { anyOf: ['domain', 'contracts'] } } },
    allow: [to('domain', 'contracts'), { to: { module: { origin: 'external', source: 'zod' } } }],
  },
  { from: { element: { type: 'infra' } }, allow: [to('domain', 'contracts', 'infra'), anyPackage, nodeBuiltins] },
  {
    from: { element: { types: { anyOf: ['modules', 'composition'] } } },
    allow: [to('domain', 'contracts', 'infra', 'modules'), anyPackage, nodeBuiltins],
  },
  {
    from: { element: { types: { anyOf: ['modules', 'composition'] } } },
    disallow: { to: { module: { origin: 'external', source: EDGE_FRAMEWORKS } } },
  },
  // The two processes share core/ and never each other.
  { from: { element: { type: 'server' } }, allow: [to('domain', 'contracts', 'infra', 'modules', 'composition', 'server'), anyPackage, nodeBuiltins] },
  { from: { element: { type: 'workers' } }, allow: [to('domain', 'contracts', 'infra', 'modules', 'composition', 'workers'), anyPackage, nodeBuiltins] },
];

export default tseslint.config(
  {
    ignores: ['node_modules/**', 'dist/**', 'client/dist/**', 'core/infra/generated/**', 'tests/fixtures/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_` marks a deliberately unused binding (a destructured field left out, an ignored argument).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // The bench drives the API as an outside client and reads whatever JSON comes back.
    files: ['bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Processors and routes reach the database only through services (docs/architecture.md).
    files: ['workers/processors/**/*.ts', 'server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/core/infra/prisma', '**/core/infra/generated/**', '@prisma/*'],
              message: 'Edges call services; only repositories in core/modules talk to the database.',
            },
          ],
        },
      ],
    },
  },
  {
    // What the browser loads checks with zod/mini, whose functions are tree-shaken; zod's full API would put about
    // 20 KB more on the home page's first load (tests/e2e/first-load-budget.test.ts).
    files: ['core/contracts/**/*.ts', 'core/domain/**/*.ts', 'client/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Shared with the browser: use 'zod/mini' (and types from 'zod/v4/core')." }] },
      ],
    },
  },
  {
    files: ['core/**/*.ts', 'server/**/*.ts', 'workers/**/*.ts', 'client/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': LAYERS,
      'boundaries/include': ['core/**', 'server/**', 'workers/**', 'client/src/**'],
      'import/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', checkAllOrigins: true, checkUnknownLocals: true, policies: layerPolicies }],
    },
  },
);
