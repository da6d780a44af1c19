#!/usr/bin/env node
// A stand-in for Prisma's native `schema-engine` binary, so that migrations never depend on downloading one.
//
// The Prisma CLI (node_modules/prisma) runs the schema engine as a child process named by
// PRISMA_SCHEMA_ENGINE_BINARY and talks to it in line-delimited JSON-RPC over stdin/stdout:
//   schema-engine [--datamodels <file>]... --datasource '{"url":...,"shadowDatabaseUrl":...}'
//   schema-engine --datasource '{"url":...}' cli can-connect-to-database|create-database
//   schema-engine --version
// This script answers those calls with the wasm build of the very same engine, shipped inside the `prisma`
// package (build/schema_engine_bg.wasm), the JS glue from @prisma/schema-engine-wasm, and @prisma/adapter-pg
// for the database connection. scripts/prisma.mjs selects it (docs/architecture.md, "Prisma's schema engine").
//
// stdout carries JSON-RPC only; every log line goes to stderr in the native engine's JSON log format,
// because the CLI parses stderr lines as JSON to find error messages.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory, DriverAdapterError, isDriverAdapterError } from '@prisma/driver-adapter-utils';

const require = createRequire(import.meta.url);

// ---------------------------------------------------------------------------------------------------------------
// Logging (stderr, one JSON object per line, like the native engine)

function log(level, message, fields = {}, target = 'schema_engine_wasm_standin') {
  const line = { timestamp: new Date().toISOString(), level, fields: { message, ...fields }, target };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

/** Libraries must never print to stdout (it is the RPC channel), nor plain text to stderr (the CLI parses it). */
function routeConsoleToLog() {
  const toLog = (level) => (...args) => log(level, args.map(String).join(' '));
  console.log = console.info = toLog('INFO');
  console.debug = console.trace = toLog('DEBUG');
  console.warn = toLog('WARN');
  console.error = toLog('ERROR');
}

// ---------------------------------------------------------------------------------------------------------------
// Command line

function parseArgs(argv) {
  const args = { datamodels: [], datasource: {}, cliCommand: null, version: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--datamodels') args.datamodels.push(argv[++i]);
    else if (arg === '--datasource') args.datasource = JSON.parse(argv[++i]);
    else if (arg === '--version' || arg === '-V') args.version = true;
    else if (arg === 'cli') args.cliCommand = argv[++i];
    else if (arg === '--enabled-preview-features' || arg === '--extension-types') {
      // The wasm engine takes its preview features from the schema itself; nothing to pass on.
      log('WARN', `ignoring ${arg} ${argv[++i]}`);
    } else log('WARN', `ignoring unknown argument ${arg}`);
  }
  return args;
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL helpers (plain `pg`)

function quoteIdent(name) {
  return `"${name.replaceAll('"', '""')}"`;
}

function describeUrl(url) {
  const u = new URL(url);
  return {
    database: decodeURIComponent(u.pathname.slice(1)) || 'postgres',
    location: `${u.hostname || 'localhost'}:${u.port || 5432}`,
    user: decodeURIComponent(u.username),
    schema: u.searchParams.get('schema') ?? undefined,
  };
}

function urlWithDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

/** Translates a `pg` connection error into the Prisma error code and message the native engine would give. */
function toPrismaError(error, url) {
  const { database, location, user } = describeUrl(url);
  switch (error.code) {
    case '3D000':
      return { code: 'P1003', message: `Database \`${database}\` does not exist on the database server at \`${location}\`.` };
    case '42P04':
      return { code: 'P1009', message: `Database \`${database}\` already exists on the database server at \`${location}\`` };
    case '28P01':
    case '28000':
      return {
        code: 'P1000',
        message: `Authentication failed against database server, the provided database credentials for \`${user}\` are not valid.\n\nPlease make sure to provide valid database credentials for the database server at \`${location}\`.`,
      };
    case '42501':
      return { code: 'P1010', message: `User \`${user}\` was denied access on the database \`${database}\`` };
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EHOSTUNREACH':
    case 'ETIMEDOUT':
      return {
        code: 'P1001',
        message: `Can't reach database server at \`${location}\`\n\nPlease make sure your database server is running at \`${location}\`.`,
      };
    default:
      return { code: undefined, message: error.message || String(error) };
  }
}

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Runs `fn` on a connection to the server of `url` that is fit for CREATE/DROP DATABASE: the maintenance database
 * `postgres` (the target database may not exist yet), else the target database itself. Never template1: a session
 * there makes every CREATE DATABASE fail.
 */
async function withAdminClient(url, fn) {
  try {
    return await withClient(urlWithDatabase(url, 'postgres'), fn);
  } catch (error) {
    if (error.code !== '3D000' && error.code !== '42501' && error.code !== '28000') throw error;
    return withClient(url, fn);
  }
}

async function databaseExists(url) {
  try {
    await withClient(url, () => {});
    return true;
  } catch (error) {
    if (error.code === '3D000') return false;
    throw error;
  }
}

/** The server's maintenance database, in a session that cannot write. */
function readOnlyMaintenanceUrl(url) {
  const u = new URL(urlWithDatabase(url, 'postgres'));
  u.searchParams.set('options', '-c default_transaction_read_only=on');
  return u.toString();
}

// adapter-pg rejects some column types of the system catalogs the engine reads while describing a schema
// ("Column type 'char' could not be deserialized", e.g. pg_class.relkind). Their text form is all the engine needs,
// so results are relabelled as text / text[] before the adapter sees them.
const CATALOG_TYPES_AS_TEXT = new Set([
  18, // "char"
  22, // int2vector
  24, // regproc
  28, // xid
  30, // oidvector
  194, // pg_node_tree
  2205, // regclass
  2206, // regtype
  3220, // pg_lsn
]);
const CATALOG_ARRAYS_AS_TEXT_ARRAY = new Set([
  1002, // "char"[]
  1003, // name[]
]);
const TEXT_OID = 25;
const TEXT_ARRAY_OID = 1009;
const parseTextArray = pg.types.getTypeParser(TEXT_ARRAY_OID, 'text');

function relabelCatalogTypes(result) {
  if (Array.isArray(result)) return result.map(relabelCatalogTypes); // multi-statement query
  if (!result?.fields) return result;
  result.fields.forEach((field, index) => {
    if (CATALOG_TYPES_AS_TEXT.has(field.dataTypeID)) {
      field.dataTypeID = TEXT_OID; // values are already strings: pg has no parser for these types
    } else if (CATALOG_ARRAYS_AS_TEXT_ARRAY.has(field.dataTypeID)) {
      field.dataTypeID = TEXT_ARRAY_OID;
      const key = result.rowAsArray ? index : field.name;
      for (const row of result.rows) if (typeof row[key] === 'string') row[key] = parseTextArray(row[key]);
    }
  });
  return result;
}

/** A pg.Client whose query results never carry the catalog types adapter-pg cannot decode. */
class CatalogFriendlyClient extends pg.Client {
  query(config, values, callback) {
    if (typeof values === 'function') [values, callback] = [undefined, values];
    if (typeof callback === 'function') {
      return super.query(config, values, (error, result) => callback(error, error ? result : relabelCatalogTypes(result)));
    }
    const pending = super.query(config, values);
    return typeof pending?.then === 'function' ? pending.then(relabelCatalogTypes) : pending;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The driver adapter handed to the wasm engine

// Every pool, so that exit closes their sessions properly: callers may rename or clone the database right after.
const openPools = new Set();

async function closeAllPools() {
  await Promise.all([...openPools].map((pool) => pool.end().catch(() => {})));
  openPools.clear();
}

/** Connects an adapter-pg adapter to `url`. `onDisposed` runs after its pool is closed. */
async function connectPgAdapter(url, onDisposed) {
  const pool = new pg.Pool({ connectionString: url, Client: CatalogFriendlyClient });
  openPools.add(pool);
  const { schema } = describeUrl(url);
  const adapter = await new PrismaPg(pool, { schema, disposeExternalPool: true }).connect();

  // adapter-pg splits scripts on ";" and runs the pieces one by one, which breaks on a ";" inside a string or
  // function body and leaves half-applied migrations behind. The native engine sends the whole migration as one
  // simple-protocol query (PostgreSQL runs it in one implicit transaction); do the same.
  adapter.executeScript = async (script) => {
    try {
      await pool.query(script);
    } catch (error) {
      adapter.onError(error); // throws the adapter's DriverAdapterError, which the engine understands
    }
  };

  if (onDisposed) {
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await onDisposed();
    };
  }
  return { adapter, pool };
}

/**
 * The engine shows only "External error id#N" for errors a factory throws, unless they are DriverAdapterErrors:
 * wrap our own errors (and pg's) so their message reaches the user.
 */
function withVisibleErrors(fn) {
  return async (...args) => {
    try {
      return await fn(...args);
    } catch (error) {
      if (isDriverAdapterError(error)) throw error;
      const { code = '', severity = 'ERROR', message = String(error), detail, column, hint } = error ?? {};
      throw new DriverAdapterError({ kind: 'postgres', code, severity, message, detail, column, hint });
    }
  };
}

/** Drops every schema of an explicitly configured shadow database, so each use starts from empty. */
async function emptyDatabase(url) {
  await withClient(url, async (client) => {
    const { rows } = await client.query(
      `SELECT nspname FROM pg_namespace WHERE nspname <> 'information_schema' AND nspname NOT LIKE 'pg\\_%'`,
    );
    for (const { nspname } of rows) await client.query(`DROP SCHEMA ${quoteIdent(nspname)} CASCADE`);
    await client.query('CREATE SCHEMA IF NOT EXISTS public');
  });
}

function sameDatabase(urlA, urlB) {
  const a = describeUrl(urlA);
  const b = describeUrl(urlB);
  return a.location === b.location && a.database === b.database;
}

/**
 * The adapter factory for the engine: `connect` for the main database, `connectToShadowDb` for the shadow database
 * used by `migrate dev` and `migrate diff --from-migrations`. adapter-pg's own connectToShadowDb can end up on the
 * main database when given a pool, so shadow databases are handled here: the configured shadowDatabaseUrl (emptied
 * first), or else a temporary `prisma_migrate_shadow_db_<uuid>` on the same server, dropped after use.
 */
function createAdapterFactory({ url, shadowDatabaseUrl }, mainConnectionUrl = url) {
  const temporaryShadows = new Map(); // database name -> its pool, so a crash or SIGTERM can still drop it

  async function dropTemporaryShadow(name) {
    const pool = temporaryShadows.get(name);
    if (!pool) return;
    temporaryShadows.delete(name);
    await pool.end().catch(() => {});
    await withAdminClient(url, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`)).catch((error) =>
      log('WARN', `could not drop temporary shadow database ${name}: ${error.message}`),
    );
  }

  async function connectToTemporaryShadow() {
    const name = `prisma_migrate_shadow_db_${randomUUID()}`;
    await withAdminClient(url, (client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`));
    const { adapter, pool } = await connectPgAdapter(urlWithDatabase(url, name), () => dropTemporaryShadow(name));
    temporaryShadows.set(name, pool);
    return adapter;
  }

  async function connectToConfiguredShadow() {
    if (sameDatabase(url, shadowDatabaseUrl)) {
      throw new Error('The shadow database you configured appears to be the same as the main database. Please specify another shadow database.');
    }
    await emptyDatabase(shadowDatabaseUrl);
    return (await connectPgAdapter(shadowDatabaseUrl)).adapter;
  }

  const factory = {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    connect: withVisibleErrors(async () => (await connectPgAdapter(mainConnectionUrl)).adapter),
    connectToShadowDb: withVisibleErrors(() => (shadowDatabaseUrl ? connectToConfiguredShadow() : connectToTemporaryShadow())),
  };
  return {
    // The engine needs the migration-aware binding: it turns thrown errors into the Result values the wasm expects.
    boundFactory: bindMigrationAwareSqlAdapterFactory(factory),
    dropTemporaryShadows: () => Promise.all([...temporaryShadows.keys()].map(dropTemporaryShadow)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The wasm engine

let lastPanicMessage = null;

async function loadWasmModule() {
  // The wasm must be the one shipped with the installed CLI; the glue package only provides matching JS bindings.
  const wasmPath = path.join(path.dirname(require.resolve('prisma/package.json')), 'build', 'schema_engine_bg.wasm');
  const glue = await import('@prisma/schema-engine-wasm/schema_engine_bg');
  const module = await WebAssembly.compile(fs.readFileSync(wasmPath));
  const instance = await WebAssembly.instantiate(module, { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  // A Rust panic in the wasm reports its message here, just before the wasm traps with a bare "unreachable".
  globalThis.PRISMA_WASM_PANIC_REGISTRY = { set_message: (message) => (lastPanicMessage = message) };
  return glue;
}

const FALLBACK_DATAMODEL = 'datasource db {\n  provider = "postgresql"\n}\n';

function readDatamodels(files) {
  // `migrate diff` starts the engine without --datamodels; the engine still needs to know the provider.
  if (files.length === 0) return [['schema.prisma', FALLBACK_DATAMODEL]];
  return files.map((file) => [file, fs.readFileSync(file, 'utf8')]);
}

async function startEngine(glue, args, boundFactory) {
  const onLog = (line) => process.stderr.write(line.endsWith('\n') ? line : `${line}\n`); // already native JSON
  return glue.SchemaEngine.new({ datamodels: readDatamodels(args.datamodels) }, onLog, boundFactory);
}

// ---------------------------------------------------------------------------------------------------------------
// JSON-RPC methods

/** Methods the wasm engine implements with the same name and parameters as the JSON-RPC API. */
const FORWARDED_METHODS = [
  'applyMigrations',
  'dbExecute',
  'devDiagnostic',
  'diagnoseMigrationHistory',
  'ensureConnectionValidity',
  'introspect',
  'introspectSql',
  'markMigrationApplied',
  'markMigrationRolledBack',
  'reset',
  'schemaPush',
];

class RpcError extends Error {
  constructor(code, message) {
    super(message);
    this.rpcCode = code;
  }
}

function createMethods({ engine, datasource, mainDatabaseMissing, requestFromCli }) {
  // In wasm, evaluateDataLoss and createMigration read the shadow database schema from a cache that only
  // devDiagnostic fills, and only when the database had no pending migrations at that moment (in `migrate dev`
  // the CLI applies pending migrations after devDiagnostic). So diagnose again, with the same list, right before.
  const fillShadowSchemaCache = ({ migrationsList, filters }) => engine.devDiagnostic({ migrationsList, filters });

  const methods = {
    async evaluateDataLoss(params) {
      await fillShadowSchemaCache(params);
      return engine.evaluateDataLoss(params);
    },
    async createMigration(params) {
      await fillShadowSchemaCache(params);
      return engine.createMigration(params);
    },
    // The native engine prints the diff itself (a `print` request to the CLI) and returns only the exit code.
    async diff(params) {
      if (mainDatabaseMissing && [params.from, params.to].some((side) => side?.tag === 'schemaDatasource')) {
        throw Object.assign(new Error(toPrismaError({ code: '3D000' }, datasource.url).message), { code: 'P1003' });
      }
      const { exitCode, stdout } = await engine.diff(params);
      if (stdout) await requestFromCli('print', { content: stdout.replace(/\n$/, '') });
      return { exitCode };
    },
    getDatabaseVersion: () => engine.version(), // the wasm engine ignores the datasource parameter
    async createDatabase() {
      await createDatabase(datasource.url).catch((error) => {
        const { code, message } = toPrismaError(error, datasource.url);
        throw Object.assign(new Error(message), { code });
      });
      return { databaseName: describeUrl(datasource.url).database };
    },
    debugPanic: () => engine.debugPanic(),
  };
  for (const name of FORWARDED_METHODS) methods[name] = (params) => engine[name](params);
  return methods;
}

/** The error object of a JSON-RPC response, in the shape the CLI reads (`error.data.message`, `error_code`). */
function toRpcError(error) {
  if (error instanceof RpcError) return { code: error.rpcCode, message: error.message };
  if (lastPanicMessage) {
    return { code: -32603, message: lastPanicMessage, data: { is_panic: true, message: lastPanicMessage, backtrace: null } };
  }
  const message = error?.message ?? String(error);
  return {
    code: 4466,
    message: 'An error happened. Check the data field for details.',
    data: { is_panic: false, message, meta: error?.meta ?? null, error_code: error?.code },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// JSON-RPC over stdin/stdout

function send(message) {
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
}

async function serveJsonRpc(args) {
  const glue = await loadWasmModule();
  const { url } = args.datasource;
  if (!url) throw new Error('The datasource has no url (set DATABASE_URL or datasource.url in prisma.config.ts).');
  // The engine always queries the main database first (server version), even for a diff between migrations and a
  // schema, which needs only a shadow database. So that this drift check works before the database is created,
  // `migrate diff` (the one command started without --datamodels) then gets the maintenance database, read-only.
  const mainDatabaseMissing = args.datamodels.length === 0 && !(await databaseExists(url));
  const mainConnectionUrl = mainDatabaseMissing ? readOnlyMaintenanceUrl(url) : url;
  const { boundFactory, dropTemporaryShadows } = createAdapterFactory(args.datasource, mainConnectionUrl);
  const engine = await startEngine(glue, args, boundFactory);

  // Requests from this process to the CLI (only `print`), answered on stdin.
  let nextOwnRequestId = 1;
  const awaitingCli = new Map();
  function requestFromCli(method, params) {
    const id = nextOwnRequestId++;
    return new Promise((resolve) => {
      awaitingCli.set(id, resolve);
      send({ id, method, params });
    });
  }

  const methods = createMethods({ engine, datasource: args.datasource, mainDatabaseMissing, requestFromCli });

  let requestInFlight = null;
  async function handleRequest({ id, method, params }) {
    requestInFlight = id;
    try {
      const handler = methods[method];
      if (!handler) throw new RpcError(-32601, `Method not found: ${method}`);
      const result = await handler(params ?? {});
      send({ id, result: result === undefined ? null : result });
    } catch (error) {
      send({ id, error: toRpcError(error) });
      if (lastPanicMessage) await shutdown(101); // the wasm instance is unusable after a panic
    } finally {
      requestInFlight = null;
    }
  }

  // Some engine failures (e.g. parameters it cannot deserialize) are thrown from a wasm callback, outside any
  // promise: answer the request they belong to, then stop, as the wasm state can no longer be trusted.
  onFatalError = async (error) => {
    log('ERROR', error?.message ?? String(error));
    if (requestInFlight !== null) send({ id: requestInFlight, error: toRpcError(error) });
    await shutdown(1);
  };

  let shuttingDown = false;
  async function shutdown(exitCode) {
    if (shuttingDown) return;
    shuttingDown = true;
    await dropTemporaryShadows();
    await closeAllPools();
    process.exit(exitCode);
  }

  // Requests run one at a time, in order, like the native engine does.
  let queue = Promise.resolve();
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (!line.trim()) return;
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      log('ERROR', `could not parse JSON-RPC message: ${line.slice(0, 200)}`);
      return;
    }
    if (message.method !== undefined) {
      if (message.id === undefined) return; // notifications: none are defined
      queue = queue.then(() => handleRequest(message));
    } else if (awaitingCli.has(message.id)) {
      awaitingCli.get(message.id)(message.result);
      awaitingCli.delete(message.id);
    }
  });
  // The CLI ends stdin when it is done, then sends SIGTERM straight away: finish the queue and clean up either way.
  const finish = () => queue.then(() => shutdown(0));
  lines.on('close', finish);
  process.on('SIGTERM', finish);
  process.on('SIGINT', () => shutdown(130));
}

// ---------------------------------------------------------------------------------------------------------------
// `cli` subcommands, used by the CLI before migrate commands to check for and create the database

async function createDatabase(url) {
  const { database } = describeUrl(url);
  await withAdminClient(url, (client) => client.query(`CREATE DATABASE ${quoteIdent(database)}`));
}

const CLI_COMMANDS = {
  'can-connect-to-database': (url) => withClient(url, (client) => client.query('SELECT 1')),
  'create-database': createDatabase,
};

async function runCliCommand(command, { url }) {
  // The CLI discards the first stderr line and parses the others as JSON log lines.
  log('INFO', `Starting schema engine CLI (wasm stand-in): ${command}`);
  const run = CLI_COMMANDS[command];
  if (!run) {
    log('ERROR', `Unknown cli command: ${command}`, {}, 'schema_engine::logger');
    return 1;
  }
  try {
    await run(url);
    return 0;
  } catch (error) {
    // The CLI looks for an ERROR line from target schema_engine::logger with error_code and message.
    const { code, message } = toPrismaError(error, url);
    log('ERROR', message, { is_panic: false, error_code: code }, 'schema_engine::logger');
    return 1;
  }
}

// ---------------------------------------------------------------------------------------------------------------

// On exit code 1 the CLI shows the message of the last ERROR line on stderr.
let onFatalError = (error) => {
  log('ERROR', error?.stack ?? String(error));
  process.exit(1);
};

async function main() {
  routeConsoleToLog();
  process.on('uncaughtException', (error) => onFatalError(error));
  const args = parseArgs(process.argv.slice(2));
  if (args.version) {
    const glue = await loadWasmModule();
    process.stdout.write(`schema-engine-cli ${glue.version()}\n`);
    return;
  }
  if (args.cliCommand) {
    process.exitCode = await runCliCommand(args.cliCommand, args.datasource);
    return;
  }
  await serveJsonRpc(args);
}

main().catch((error) => onFatalError(error));
