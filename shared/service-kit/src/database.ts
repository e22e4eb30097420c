import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import mongoose from 'mongoose';
import type { Logger } from 'pino';

/** A started embedded engine (@wishlist/embedded-mongo's start() resolves to one). */
export interface EmbeddedEngine {
  uri: string;
  port: number;
  stop(): Promise<void>;
}
/** What the engine logs through (its warnings: a torn journal tail dropped at start). */
type EngineLogger = Pick<Logger, 'warn'>;
export interface EmbeddedStartOptions {
  port?: number;
  dbPath?: string;
  logger?: EngineLogger;
}
/**
 * Starts an embedded engine. The kit does not depend on the engine: a service's main.ts gives
 * this (loading @wishlist/embedded-mongo only when it is called, so never with MONGODB_URI), and
 * the test run gives one to the test helpers (jest.setup-node.cjs).
 */
export type StartEmbedded = (options: EmbeddedStartOptions) => Promise<EmbeddedEngine>;

/** Where the test run leaves its StartEmbedded (a global: the kit never imports the engine). */
export const TEST_ENGINE_KEY = Symbol.for('@wishlist/service-kit:start-embedded');

/** The engine the test run provides, for startTestDatabase and the standalone harness. */
export function testEngineStarter(): StartEmbedded {
  const start = (globalThis as Record<symbol, unknown>)[TEST_ENGINE_KEY];
  if (typeof start !== 'function')
    throw new Error("no embedded engine was given to the tests: set MONGODB_URI, pass startEmbedded, or run them with the repository's jest preset (jest.setup-node.cjs)");
  return start as StartEmbedded;
}

/**
 * Driver settings for a database that can go away and come back (the embedded engine restarted by
 * `npm start`, a replica set election, a network blip): mongoose reconnects by itself, and while
 * no server answers, a request fails within ~2 s (~8 s when the server hangs instead of refusing)
 * and the kit answers 503 + Retry-After, instead of hanging for the 30 s defaults. Heartbeats every second notice the server back within about a
 * second even when no request comes.
 */
export const RECONNECTING_OPTIONS = {
  serverSelectionTimeoutMS: 2_000,
  heartbeatFrequencyMS: 1_000,
  // A server that accepts but never answers (hung, stopped, partitioned) is given up after 5 s
  // (30 s by default): the heartbeat fails, requests in flight are interrupted and answered 503.
  connectTimeoutMS: 5_000,
  // mongoose queues commands while its connection is not open; give up as fast as the driver.
  bufferTimeoutMS: 2_000,
} as const;

/** How long a service keeps trying to reach its database at start before giving up. */
const CONNECT_DEADLINE_MS = 30_000;

// Whether the driver currently knows a server that holds data. mongoose's readyState stays
// 'connected' while the server is down (the driver reconnects underneath), so health reads this.
let reachable = true;
const watched = new WeakSet<object>();

function watchTopology(connection: mongoose.Connection): void {
  const client = connection.getClient();
  reachable = true;
  if (watched.has(client)) return;
  watched.add(client);
  client.on('topologyDescriptionChanged', (event) => {
    if (connection.getClient() === client) reachable = event.newDescription.hasDataBearingServers;
  });
}

/**
 * Connections one process keeps to the database at most (MONGODB_POOL_SIZE): a request waits for
 * a free one beyond that. The driver's own default (100) multiplied by every copy of every service
 * is far more than a MongoDB deployment should hold open; a Node process runs one request's code
 * at a time, so a few dozen queries in flight, transactions included, is what one copy uses.
 */
export const DEFAULT_POOL_SIZE = 20;

async function connectWithRetry(uri: string, dbName: string, logger?: Logger, maxPoolSize = DEFAULT_POOL_SIZE): Promise<void> {
  const until = Date.now() + CONNECT_DEADLINE_MS;
  for (;;) {
    try {
      await mongoose.connect(uri, { dbName, ...RECONNECTING_OPTIONS, maxPoolSize });
      watchTopology(mongoose.connection);
      return;
    } catch (err) {
      const name = (err as Error).name;
      const retryable = name === 'MongooseServerSelectionError' || name === 'MongoServerSelectionError';
      if (!retryable || Date.now() >= until) throw err;
      logger?.warn({ err: (err as Error).message }, 'database not reachable yet; retrying');
      await mongoose.disconnect().catch(() => undefined);
    }
  }
}

export interface Database {
  readonly connection: mongoose.Connection;
  readonly dbName: string;
  /** true when this process started the embedded engine. */
  readonly embedded: boolean;
  /** Closes mongoose, then stops the embedded engine if this process started it. */
  close(): Promise<void>;
}

export interface ConnectOptions {
  dbName: string;
  /** A real MongoDB (MONGODB_URI). Unset: the embedded engine, files under dataDir/dbName. */
  mongodbUri?: string;
  dataDir?: string;
  logger?: Logger;
  /** How to start the embedded engine when there is no MongoDB URI. */
  startEmbedded?: StartEmbedded;
  /** Connections this process keeps at most (DEFAULT_POOL_SIZE unless given). */
  poolSize?: number;
}

/**
 * Connects mongoose's default connection (so `mongoose.model(...)` models work) to MONGODB_URI
 * with the service's own database, or starts the embedded engine in-process with its files in
 * `${DATA_DIR}/<dbName>`.
 */
export async function connectDatabase(options: ConnectOptions): Promise<Database> {
  const mongodbUri = options.mongodbUri ?? process.env.MONGODB_URI;
  let engine: EmbeddedEngine | undefined;
  let uri = mongodbUri;
  if (!uri) {
    if (!options.startEmbedded) throw new Error('MONGODB_URI is not set and this process was given no embedded engine to start');
    const dbPath = join(options.dataDir ?? process.env.DATA_DIR ?? './.data', options.dbName);
    engine = await options.startEmbedded({ port: 0, dbPath, logger: options.logger });
    uri = engine.uri;
    options.logger?.info({ dbPath, port: engine.port }, 'embedded database engine started');
  }
  try {
    await connectWithRetry(uri, options.dbName, options.logger, options.poolSize);
  } catch (err) {
    await engine?.stop();
    throw err;
  }
  options.logger?.info({ dbName: options.dbName, embedded: Boolean(engine) }, 'database connected');
  return {
    connection: mongoose.connection,
    dbName: options.dbName,
    embedded: Boolean(engine),
    async close() {
      await mongoose.disconnect();
      await engine?.stop();
    },
  };
}

/**
 * 'connected' | 'connecting' | 'disconnected' | 'disconnecting' of mongoose's default connection;
 * 'unreachable' while it is open but the driver has lost every server (it keeps reconnecting).
 */
export function databaseState(): string {
  const states: Record<number, string> = { 0: 'disconnected', 1: 'connected', 2: 'connecting', 3: 'disconnecting' };
  const state = states[mongoose.connection.readyState] ?? 'unknown';
  return state === 'connected' && !reachable ? 'unreachable' : state;
}

export interface TestDatabase extends Database {
  uri: string;
  /** Deletes every document of every collection (between tests). */
  clear(): Promise<void>;
}

/**
 * For tests: MONGODB_URI set → that server with a unique database (dropped at close);
 * otherwise a memory-only embedded engine on a free port (stopped at close), started by
 * `startEmbedded` or else by the one the test run provides (testEngineStarter).
 */
export async function startTestDatabase(options: { prefix?: string; startEmbedded?: StartEmbedded } = {}): Promise<TestDatabase> {
  const dbName = `${options.prefix ?? 'test'}_${randomBytes(6).toString('hex')}`;
  const real = process.env.MONGODB_URI;
  const engine = real ? undefined : await (options.startEmbedded ?? testEngineStarter())({ port: 0 });
  const uri = real ?? engine!.uri;
  await connectWithRetry(uri, dbName);
  return {
    uri,
    connection: mongoose.connection,
    dbName,
    embedded: Boolean(engine),
    async clear() {
      const db = mongoose.connection.db;
      if (!db) return;
      for (const c of await db.collections()) await c.deleteMany({});
    },
    async close() {
      if (real) await mongoose.connection.db?.dropDatabase().catch(() => undefined);
      await mongoose.disconnect();
      await engine?.stop();
    },
  };
}
