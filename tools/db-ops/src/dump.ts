// Reading every collection of every database of a server as of one instant: one snapshot session
// (readConcern snapshot) for all the reads, so a backup or a migration taken while the product
// writes holds a state the product really had (a transaction is in it whole or not at all).
import type { Document } from 'bson';
import { MongoServerError, type MongoClient } from 'mongodb';
import { checksum, EXACT_READ } from './checksum';
import { UserError } from './errors';

export interface CollectionDump {
  db: string;
  name: string;
  /** Collection options as listCollections reports them (capped, validator...). */
  options: Document;
  /** Index specifications other than _id's, as listIndexes reports them without `v`/`ns`. */
  indexes: Document[];
  docs: Document[];
  count: number;
  sha256: string;
}

/**
 * Documents per batch: the embedded engine answers one command at a time, so small batches let
 * the product's writes pass between them while a backup reads (a whole 16 MB batch would hold
 * them back for its whole serialisation).
 */
const DUMP_BATCH = 1000;

/** Databases that belong to the server, never to a service. */
const SYSTEM_DATABASES = new Set(['admin', 'local', 'config']);

export function cleanIndexSpec(spec: Document): Document {
  const { v: _v, ns: _ns, ...rest } = spec;
  return rest;
}

export function describeCollection(db: string, name: string, options: Document, indexes: Document[], docs: Document[]): CollectionDump {
  return { db, name, options, indexes, docs, count: docs.length, sha256: checksum(docs) };
}

export async function userDatabases(client: MongoClient): Promise<string[]> {
  const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
  return databases.map((d) => d.name).filter((n) => !SYSTEM_DATABASES.has(n)).sort();
}

/** The collections of `db` (views and system collections left out), with options and indexes. */
export async function collectionShapes(client: MongoClient, db: string): Promise<{ name: string; options: Document; indexes: Document[] }[]> {
  const infos = await client.db(db).listCollections({}, { nameOnly: false }).toArray();
  const out: { name: string; options: Document; indexes: Document[] }[] = [];
  for (const info of infos.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (info.name.startsWith('system.') || (info as Document).type === 'view') continue;
    const indexes = (await client.db(db).collection(info.name).listIndexes().toArray())
      .filter((i) => i.name !== '_id_')
      .map(cleanIndexSpec)
      .sort((a, b) => (String(a.name) < String(b.name) ? -1 : 1));
    out.push({ name: info.name, options: ((info as Document).options as Document) ?? {}, indexes });
  }
  return out;
}

/** Every collection of every user database, read in one snapshot. */
export async function dumpAll(client: MongoClient): Promise<CollectionDump[]> {
  const shapes: { db: string; name: string; options: Document; indexes: Document[] }[] = [];
  for (const db of await userDatabases(client)) for (const s of await collectionShapes(client, db)) shapes.push({ db, ...s });
  const session = client.startSession({ snapshot: true });
  try {
    const out: CollectionDump[] = [];
    for (const s of shapes) {
      const docs = await client.db(s.db).collection(s.name).find({}, { session, batchSize: DUMP_BATCH, ...EXACT_READ }).toArray();
      out.push(describeCollection(s.db, s.name, s.options, s.indexes, docs));
    }
    return out;
  } catch (err) {
    if (err instanceof MongoServerError && /snapshot/i.test(err.message))
      throw new UserError(`the server cannot read a consistent snapshot (${err.message}): a MongoDB server must be a replica set (5.0 or later)`);
    throw err;
  } finally {
    await session.endSession();
  }
}
