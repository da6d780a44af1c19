import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { API_NODE_FLAGS } from '../../../scripts/start/api-node-flags';
import { CONFIG_VARIABLES, loadConfig } from '../../../core/infra/config';

// There is no Docker engine here, so docker-compose.yml is checked by reading it: it must agree with the config module.
const root = path.resolve(import.meta.dirname, '../../..');
type Service = {
  build?: unknown;
  expose?: string[];
  restart?: string;
  image?: string;
  command?: string[];
  environment?: Record<string, string> | string[];
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
};
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const { services } = compose;
const appServices = ['migrate', 'api', 'worker'] as const;

/** The service's environment as compose would pass it with no .env file: `${X:-default}` → default, `${X}` → ''. */
function environmentOf(service: Service): Record<string, string> {
  const entries = Array.isArray(service.environment)
    ? service.environment.map((e) => e.split(/=(.*)/s).slice(0, 2) as [string, string])
    : Object.entries(service.environment ?? {});
  return Object.fromEntries(entries.map(([k, v]) => [k, String(v ?? '').replace(/\$\{\w+(?::?-([^}]*))?\}/g, (_, d: string | undefined) => d ?? '')]));
}

describe('docker-compose.yml', () => {
  it('has postgres, redis, a one-shot migrate, api, worker and a load balancer', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'lb', 'migrate', 'postgres', 'redis', 'worker']);
    expect(services.postgres!.image).toMatch(/^postgres:1[5-7]\b/);
    expect(services.redis!.image).toMatch(/^redis:7/);
    expect(services.migrate!.command!.join(' ')).toMatch(/^sh -c node scripts\/prisma\.mjs migrate deploy && node dist\/app\/seed\.js$/);
    expect(services.migrate!.restart).toBe('no');
  });

  it('runs the compiled JavaScript with node itself, so a stop signal reaches the app', () => {
    expect(services.api!.command).toEqual(['node', ...API_NODE_FLAGS, 'dist/app/api.js']);
    expect(services.worker!.command).toEqual(['node', 'dist/app/worker.js']);
  });

  it('starts the api and the worker only after migrate has completed successfully', () => {
    for (const name of ['api', 'worker']) {
      expect(services[name]!.depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
      expect(services[name]!.depends_on?.redis).toEqual({ condition: 'service_healthy' });
    }
    expect(services.migrate!.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
  });

  it('can scale the api: no replica publishes a port, an official nginx publishes 3000 and waits for a healthy api', () => {
    expect(services.api!.ports).toBeUndefined();
    expect(services.api!.expose).toEqual(['3000']);
    expect(loadConfig(environmentOf(services.api!)).port).toBe(3000);
    expect(services.lb!.image).toMatch(/^nginx:[\d.]+(-alpine)?$/);
    // On loopback unless told otherwise: behind it, the API allows the demo defaults of a localhost PUBLIC_ORIGIN.
    expect(services.lb!.ports).toEqual(['${LB_ADDRESS:-127.0.0.1}:3000:80']);
    expect(services.lb!.depends_on?.api).toEqual({ condition: 'service_healthy' });
    expect(services.lb!.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
  });

  it('proxies WebSockets and finds every api replica through Docker DNS (deploy/nginx.conf)', () => {
    const nginx = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
    expect(nginx).toMatch(/resolver 127\.0\.0\.11 valid=\d+s/);
    expect(nginx).toMatch(/set \$api api:3000;\s+proxy_pass http:\/\/\$api;/);
    // A whole product form reaches the app (4 images at MAX_IMAGE_BYTES' default), which answers a larger one itself.
    const bodyCapMb = Number(/client_max_body_size (\d+)m;/.exec(nginx)?.[1]);
    expect(bodyCapMb * 1024 * 1024).toBeGreaterThan(4 * loadConfig({}).maxImageBytes);
    expect(nginx).toContain('proxy_http_version 1.1;');
    expect(nginx).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(nginx).toContain('proxy_set_header Connection $connection_upgrade;');
    expect(nginx).toMatch(/proxy_read_timeout \d+h;/);
    // The client address for rate limits is the one nginx saw: a client's own X-Forwarded-For is overwritten, and the
    // api believes one hop only (tests/integration/security/forwarded-for.test.ts).
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(nginx).not.toContain('$proxy_add_x_forwarded_for');
    expect(loadConfig(environmentOf(services.api!)).trustProxy).toBe(1);
    // Uploads up to MAX_IMAGE_BYTES pass.
    const maxBody = Number(nginx.match(/client_max_body_size (\d+)m;/)![1]) * 1024 * 1024;
    expect(maxBody).toBeGreaterThan(loadConfig(environmentOf(services.api!)).maxImageBytes);
  });

  it('uses only environment variables the config module knows, with values it accepts', () => {
    for (const name of appServices) {
      const env = environmentOf(services[name]!);
      const unknown = Object.keys(env).filter((key) => !(CONFIG_VARIABLES as string[]).includes(key));
      expect(unknown, `${name} sets variables config.ts does not read`).toEqual([]);
      const config = loadConfig(env);
      expect(new URL(config.databaseUrl).hostname).toBe('postgres');
      expect(new URL(config.redisUrl).hostname).toBe('redis');
    }
  });

  it('refuses to start on a public address with the demo defaults, as the config does', () => {
    const env = { ...environmentOf(services.api!), PUBLIC_ORIGIN: 'https://shop.example.in' };
    expect(() => loadConfig(env)).toThrow(/SELLER_PASSWORD/);
  });

  it('gives every service of the app the same image and environment', () => {
    const [first, ...rest] = appServices.map((name) => services[name]!);
    expect(first!.build).toBeDefined();
    for (const service of rest) {
      expect(service.image).toBe(first!.image);
      expect(environmentOf(service)).toEqual(environmentOf(first!));
    }
  });

  it('keeps uploads in one named volume that every api replica mounts at UPLOAD_DIR', () => {
    const uploadDir = loadConfig(environmentOf(services.api!)).uploadDir;
    const mount = services.api!.volumes!.find((v) => v.endsWith(`:${uploadDir}`));
    expect(mount).toBeDefined();
    expect(mount!.startsWith('/') || mount!.startsWith('.')).toBe(false);
    expect(Object.keys(compose.volumes)).toContain(mount!.split(':')[0]);
  });

  it('has health checks: pg_isready, redis-cli ping and GET /api/health', () => {
    expect(services.postgres!.healthcheck!.test).toContain('pg_isready');
    expect(services.redis!.healthcheck!.test.join(' ')).toContain('redis-cli ping');
    expect(services.api!.healthcheck!.test.join(' ')).toContain('/api/health');
  });
});

/** The Dockerfile as stages: each FROM line with the instructions under it (continuation lines joined). */
function dockerStages(text: string) {
  const lines = text.replace(/\\\n\s*/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const stages: { from: string; name?: string; lines: string[] }[] = [];
  for (const line of lines) {
    const from = line.match(/^FROM (\S+)(?: AS (\S+))?$/i);
    if (from) stages.push({ from: from[1]!, name: from[2], lines: [] });
    else stages.at(-1)!.lines.push(line);
  }
  return stages;
}

describe('Dockerfile', () => {
  const stages = dockerStages(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
  const final = stages.at(-1)!;
  const byName = (name: string) => stages.find((s) => s.name === name)!;
  const baseOf = (stage: { from: string; lines: string[] }): { from: string; lines: string[] } => {
    const parent = stages.find((s) => s.name === stage.from);
    return parent ? baseOf(parent) : stage;
  };
  const chain = (stage: { from: string; lines: string[] }): string[] => {
    const parent = stages.find((s) => s.name === stage.from);
    return [...(parent ? chain(parent) : []), ...stage.lines];
  };

  it('runs the API with the same Node flags as npm start, compose and the bench', () => {
    expect(final.lines).toContain(`CMD ${JSON.stringify(['node', ...API_NODE_FLAGS, 'dist/app/api.js']).replaceAll(',', ', ')}`);
    const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(['node', ...API_NODE_FLAGS, 'scripts/run.mjs start'].join(' '));
    expect(scripts['start:api']).toBe(['node', ...API_NODE_FLAGS, 'scripts/run.mjs api'].join(' '));
  });

  it('is built on Node 24', () => {
    expect(baseOf(final).from).toMatch(/^node:24(\.|-|$)/);
  });

  it('installs OpenSSL (Prisma) and an init in the image that runs', () => {
    const installs = chain(final).filter((l) => l.startsWith('RUN') && l.includes('apt-get install')).join(' ');
    expect(installs).toMatch(/\bopenssl\b/);
    expect(installs).toMatch(/\btini\b/);
  });

  it('never runs a package install script, so no engine download can fail or be preferred', () => {
    const installs = stages.flatMap((s) => s.lines).filter((l) => /\bnpm (ci|install)\b/.test(l));
    expect(installs.length).toBeGreaterThan(0);
    for (const line of installs) expect(line).toContain('--ignore-scripts');
    // The wasm engine is the one scripts/prisma.mjs chooses, whatever sits in node_modules.
    const wrapper = readFileSync(path.join(root, 'scripts/prisma.mjs'), 'utf8');
    expect(wrapper).toContain('env.PRISMA_SCHEMA_ENGINE_BINARY ||= STAND_IN;');
    expect(wrapper).not.toMatch(/schema-engine-\[/);
  });

  it('is multi-stage: the final image gets production dependencies and the build, not the tools that made it', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    const copies = final.lines.filter((l) => l.startsWith('COPY'));
    expect(copies.every((l) => l.startsWith('COPY --from='))).toBe(true);
    expect(copies.find((l) => l.includes('/app/node_modules'))).toMatch(/^COPY --from=prod-deps /);
    expect(byName('prod-deps').lines.join(' ')).toMatch(/npm ci --omit=dev/);
    expect(final.lines.some((l) => /\bnpm (ci|install|run)\b/.test(l))).toBe(false);
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const tool of ['vitest', 'typescript', 'tsx', 'vite', 'esbuild', 'playwright-core', '@sparticuz/chromium', 'testcontainers']) {
      expect(pkg.dependencies[tool], `${tool} would ship in the image`).toBeUndefined();
    }
  });

  it('runs node under tini as PID 1, as a non-root user', () => {
    expect(final.lines).toContain('USER node');
    expect(final.lines).toContain('ENTRYPOINT ["/usr/bin/tini", "--"]');
    expect(final.lines.filter((l) => l.startsWith('CMD ["node", '))).toHaveLength(1);
  });

  it('keeps the files the runtime reads: package.json (ESM), the build, the migrations and the Prisma wrapper', () => {
    const copied = final.lines.filter((l) => l.startsWith('COPY')).join('\n');
    for (const file of ['/app/package.json', '/app/dist', '/app/prisma ', '/app/scripts/prisma.mjs', '/app/scripts/schema-engine-wasm.mjs', '/app/prisma.config.ts']) {
      expect(copied).toContain(file);
    }
    // The wrapper's own imports come along, or `migrate deploy` fails in the container.
    const wrapper = readFileSync(path.join(root, 'scripts/prisma.mjs'), 'utf8');
    const local = [...wrapper.matchAll(/from '\.\/([^']+)'/g)].map((m) => `/app/scripts/${m[1]}`);
    expect(local.length).toBeGreaterThan(0);
    for (const file of local) expect(copied).toContain(file);
  });
});
