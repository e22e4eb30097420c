import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import mongoose from 'mongoose';
import type { Logger } from 'pino';

/** The API of @wishlist/embedded-mongo that the kit relies on. */
export interface EmbeddedEngine {
  uri: string;
  port: number;
  stop(): Promise<void>;
}
interface EmbeddedModule {
  start(options?: { port?: number; dbPath?: string }): Promise<EmbeddedEngine>;
}

const EMBEDDED_PACKAGE = '@wishlist/embedded-mongo';

async function startEmbedded(options: { port?: number; dbPath?: string }): Promise<EmbeddedEngine> {
  // Loaded only when needed: with MONGODB_URI the embedded engine is never touched.
  const mod = (await import(EMBEDDED_PACKAGE)) as EmbeddedModule & { default?: EmbeddedModule };
  const start = mod.start ?? mod.default?.start;
  if (typeof start !== 'function') throw new Error(`${EMBEDDED_PACKAGE} does not export start()`);
  return start(options);
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
    const dbPath = join(options.dataDir ?? process.env.DATA_DIR ?? './.data', options.dbName);
    engine = await startEmbedded({ port: 0, dbPath });
    uri = engine.uri;
    options.logger?.info({ dbPath, port: engine.port }, 'embedded database engine started');
  }
  try {
    await mongoose.connect(uri, { dbName: options.dbName, serverSelectionTimeoutMS: 10_000 });
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

/** 'connected' | 'connecting' | 'disconnected' | 'disconnecting' of mongoose's default connection. */
export function databaseState(): string {
  const states: Record<number, string> = { 0: 'disconnected', 1: 'connected', 2: 'connecting', 3: 'disconnecting' };
  return states[mongoose.connection.readyState] ?? 'unknown';
}

export interface TestDatabase extends Database {
  uri: string;
  /** Deletes every document of every collection (between tests). */
  clear(): Promise<void>;
}

/**
 * For tests: MONGODB_URI set → that server with a unique database (dropped at close);
 * otherwise a memory-only embedded engine on a free port (stopped at close).
 */
export async function startTestDatabase(options: { prefix?: string } = {}): Promise<TestDatabase> {
  const dbName = `${options.prefix ?? 'test'}_${randomBytes(6).toString('hex')}`;
  const real = process.env.MONGODB_URI;
  const engine = real ? undefined : await startEmbedded({ port: 0 });
  const uri = real ?? engine!.uri;
  await mongoose.connect(uri, { dbName, serverSelectionTimeoutMS: 10_000 });
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
