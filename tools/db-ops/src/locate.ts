// Where the product's data is: MONGODB_URI (or --from) when set; otherwise the embedded engine of
// DATA_DIR: the one `npm start` runs (its address in DATA_DIR/engine.uri), or, when the product
// is stopped, DATA_DIR/db opened here by an engine of this process.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DirLockedError, start, StorageDamageError } from '@wishlist/embedded-mongo';
import { MongoClient } from 'mongodb';
import { UserError } from './errors';

export interface Connected {
  client: MongoClient;
  /** Said to the person running the command: where the data is read or written. */
  where: string;
  close(): Promise<void>;
}

/** The file in which `npm start` (scripts/start.mjs) leaves the running engine's address. */
export const ENGINE_URI_FILE = 'engine.uri';
/** npm start's layout: the embedded engine's files, every service's database in one engine. */
export const ENGINE_DIR = 'db';

const SELECTION_MS = 5_000;
/** The engine named by engine.uri answers at once when it runs (same machine); a stopped one never. */
const STALE_PROBE_MS = 1_500;

export async function connect(uri: string, where = uri, selectionMs = SELECTION_MS): Promise<Connected> {
  let client: MongoClient;
  try {
    client = new MongoClient(uri, { serverSelectionTimeoutMS: selectionMs });
  } catch (err) {
    throw new UserError(`not a MongoDB URI: ${uri} (${(err as Error).message})`, 2);
  }
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
  } catch (err) {
    await client.close().catch(() => undefined);
    throw new UserError(`cannot reach the database at ${uri}: ${(err as Error).message}`);
  }
  return { client, where, close: () => client.close() };
}

export const dataDirOf = (env: NodeJS.ProcessEnv = process.env): string => resolve(env.DATA_DIR || '.data');

const holdsData = (dir: string): boolean => existsSync(dir) && readdirSync(dir).some((f) => f === 'snapshot.bson' || /^journal\.\d+$/.test(f));

/** Starts an engine of this process on `dir` (the product stopped), explaining refusals. */
export async function openEngineDir(dir: string): Promise<Connected> {
  try {
    const engine = await start({ port: 0, dbPath: dir, logger: { warn: (_fields, message) => console.error(`warning: ${message}`) } });
    const c = await connect(engine.uri, dir);
    return {
      ...c,
      async close() {
        await c.close();
        await engine.stop();
      },
    };
  } catch (err) {
    if (err instanceof DirLockedError)
      throw new UserError(`${dir} is in use by a running engine (${err.message}) whose address is unknown here: run this while npm start runs (it records the address in DATA_DIR/${ENGINE_URI_FILE}), or stop that process, or give --from <mongodb uri>`);
    if (err instanceof StorageDamageError) throw new UserError(err.message);
    throw err;
  }
}

/** The product's database server, for reading (backup, migrate). */
export async function locateSource(from: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<Connected> {
  const uri = from ?? env.MONGODB_URI;
  if (uri) return connect(uri);
  const dataDir = dataDirOf(env);
  const uriFile = join(dataDir, ENGINE_URI_FILE);
  if (existsSync(uriFile)) {
    const running = readFileSync(uriFile, 'utf8').trim();
    try {
      return await connect(running, `the running embedded engine (${running}, files in ${join(dataDir, ENGINE_DIR)})`, STALE_PROBE_MS);
    } catch {
      // Left behind by a stopped product: the files are read directly below.
    }
  }
  const dir = join(dataDir, ENGINE_DIR);
  if (!holdsData(dir)) throw new UserError(`no database found: ${dir} holds no data and MONGODB_URI is not set (start the product with npm start, set DATA_DIR, or give --from <mongodb uri>)`);
  return openEngineDir(dir);
}

/** An empty data directory for a restore without --to: refused when it already holds data. */
export async function openEmptyEngineDir(env: NodeJS.ProcessEnv = process.env, dataDir = dataDirOf(env)): Promise<Connected> {
  const dir = join(dataDir, ENGINE_DIR);
  if (holdsData(dir)) throw new UserError(`${dir} already holds data: a restore without --to only fills an empty data directory (move it away, set DATA_DIR to another directory, or restore --to <mongodb uri>)`);
  return openEngineDir(dir);
}
