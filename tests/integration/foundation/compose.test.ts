import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from '../../../core/infra/config';

// There is no Docker engine here, so docker-compose.yml is checked by reading it: it must agree with the config module.
const root = path.resolve(import.meta.dirname, '../../..');
type Service = {
  build?: unknown;
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
  it('has postgres, redis, a one-shot migrate, api and worker services', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'migrate', 'postgres', 'redis', 'worker']);
    expect(services.postgres!.image).toMatch(/^postgres:15/);
    expect(services.redis!.image).toMatch(/^redis:7/);
    expect(services.migrate!.command!.join(' ')).toContain('npm run db:migrate');
    expect(services.api!.command).toEqual(['npm', 'run', 'start:api']);
    expect(services.worker!.command).toEqual(['npm', 'run', 'start:worker']);
  });

  it('starts the api and the worker only after migrate has completed successfully', () => {
    for (const name of ['api', 'worker']) {
      expect(services[name]!.depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
      expect(services[name]!.depends_on?.redis).toEqual({ condition: 'service_healthy' });
    }
    expect(services.migrate!.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
  });

  it('publishes the api on port 3000, the port its config listens on', () => {
    expect(services.api!.ports).toEqual(['3000:3000']);
    expect(loadConfig(environmentOf(services.api!)).port).toBe(3000);
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

  it('gives every service of the app the same image and environment', () => {
    const [first, ...rest] = appServices.map((name) => services[name]!);
    expect(first!.build).toBeDefined();
    for (const service of rest) {
      expect(service.image).toBe(first!.image);
      expect(environmentOf(service)).toEqual(environmentOf(first!));
    }
  });

  it('keeps uploads in a named volume mounted at UPLOAD_DIR', () => {
    const uploadDir = loadConfig(environmentOf(services.api!)).uploadDir;
    const mount = services.api!.volumes!.find((v) => v.endsWith(`:${uploadDir}`));
    expect(mount).toBeDefined();
    expect(Object.keys(compose.volumes)).toContain(mount!.split(':')[0]);
  });

  it('has health checks: pg_isready, redis-cli ping and GET /api/health', () => {
    expect(services.postgres!.healthcheck!.test).toContain('pg_isready');
    expect(services.redis!.healthcheck!.test.join(' ')).toContain('redis-cli ping');
    expect(services.api!.healthcheck!.test.join(' ')).toContain('/api/health');
  });
});
