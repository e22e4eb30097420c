// The backup file: gzip of JSON lines, documents in canonical Extended JSON (every BSON type kept:
// ObjectId, Date, Int32/Int64/Double, Decimal128, Binary...), so a restore into any MongoDB is
// plain inserts and createIndexes. Layout, one JSON value a line:
//   {"wishlistBackup":1,"createdAt":"<ISO>","collections":<n>}
//   {"collection":{"db","name","options","indexes":[...],"count":<documents>,"sha256":"<hex>"}}
//   <count lines: the collection's documents, canonical EJSON>
//   ... (one block per collection)
//   {"end":{"collections":<n>}}
// sha256: over the canonical lines of the documents in _id order (checksum.ts); a restore checks
// every count and checksum before it writes anything, and a file without its end line is refused.
import { once } from 'node:events';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { EJSON, type Document } from 'bson';
import { canonical } from './checksum';
import { describeCollection, type CollectionDump } from './dump';
import { UserError } from './errors';

export const FORMAT_VERSION = 1;

export async function writeBackup(file: string, dumps: readonly CollectionDump[]): Promise<void> {
  const tmp = `${file}.partial`;
  const lines = new PassThrough();
  const done = pipeline(lines, createGzip(), createWriteStream(tmp, { mode: 0o600 }));
  const put = async (line: string) => {
    if (!lines.write(`${line}\n`)) await once(lines, 'drain');
  };
  try {
    await put(JSON.stringify({ wishlistBackup: FORMAT_VERSION, createdAt: new Date().toISOString(), collections: dumps.length }));
    for (const d of dumps) {
      await put(canonical({ collection: { db: d.db, name: d.name, options: d.options, indexes: d.indexes, count: d.count, sha256: d.sha256 } }));
      for (const doc of d.docs) await put(canonical(doc));
    }
    await put(JSON.stringify({ end: { collections: dumps.length } }));
    lines.end();
    await done;
    renameSync(tmp, file);
  } catch (err) {
    lines.destroy();
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** `exact`: a document (every number keeps its BSON type); otherwise a header line (plain numbers). */
function parseLine(line: string, at: number, file: string, exact = false): Document {
  try {
    return EJSON.parse(line, { relaxed: !exact }) as Document;
  } catch {
    throw new UserError(`${file} is not a Wishlist backup or is damaged (line ${at} is not JSON)`);
  }
}

/** Reads and checks a whole backup file (counts, checksums, end line). */
export async function readBackup(file: string): Promise<CollectionDump[]> {
  const input = createReadStream(file);
  const opened = new Promise<void>((resolve, reject) => {
    input.once('open', () => resolve());
    input.once('error', (err: NodeJS.ErrnoException) => reject(new UserError(`cannot read ${file}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`)));
  });
  await opened;
  const gunzip = createGunzip();
  const gzipFailed = new Promise<never>((_, reject) => gunzip.once('error', () => reject(new UserError(`${file} is not a Wishlist backup or is damaged (not a complete gzip file)`))));
  gzipFailed.catch(() => undefined);
  const rl = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  const dumps: CollectionDump[] = [];
  let header: Document | null = null;
  let current: { meta: Document; docs: Document[] } | null = null;
  let ended = false;
  let at = 0;
  const finish = () => {
    if (!current) return;
    const { meta, docs } = current;
    const ns = `${String(meta.db)}.${String(meta.name)}`;
    if (docs.length !== Number(meta.count)) throw new UserError(`${file}: ${ns} holds ${docs.length} document(s), its header says ${String(meta.count)}: the file is damaged`);
    const dump = describeCollection(String(meta.db), String(meta.name), (meta.options as Document) ?? {}, (meta.indexes as Document[]) ?? [], docs);
    if (dump.sha256 !== meta.sha256) throw new UserError(`${file}: ${ns} does not match its checksum: the file is damaged`);
    dumps.push(dump);
    current = null;
  };
  const reading = (async () => {
    for await (const line of rl) {
      at++;
      if (!line) continue;
      if (ended) throw new UserError(`${file}: data after the end line (line ${at}): the file is damaged`);
      if (!header) {
        const h = parseLine(line, at, file);
        if (h.wishlistBackup !== FORMAT_VERSION) throw new UserError(`${file} is not a Wishlist backup (format ${FORMAT_VERSION})`);
        header = h;
        continue;
      }
      if (current && current.docs.length < Number(current.meta.count)) {
        current.docs.push(parseLine(line, at, file, true));
        continue;
      }
      const v = parseLine(line, at, file);
      if (v.collection) {
        finish();
        current = { meta: v.collection as Document, docs: [] };
      } else if (v.end) {
        finish();
        if (Number((v.end as Document).collections) !== dumps.length) throw new UserError(`${file}: ${dumps.length} collection(s) read, the end line says ${String((v.end as Document).collections)}: the file is damaged`);
        ended = true;
      } else throw new UserError(`${file}: unexpected line ${at}: the file is damaged`);
    }
  })();
  // Whichever fails second must not surface as an unhandled rejection.
  reading.catch(() => undefined);
  await Promise.race([reading, gzipFailed]);
  if (!header) throw new UserError(`${file} is empty or not a Wishlist backup`);
  if (!ended) throw new UserError(`${file} is cut short (no end line): the backup did not finish or the file was truncated`);
  return dumps;
}

