// Writing collections into a target server: refused as a whole (nothing written) when the target
// already holds different data; otherwise only what is missing is written, so a run that was cut
// short, or one that already succeeded, can be run again. Every collection is then read back and
// checked against the source: count and checksum.
import type { Document } from 'bson';
import { MongoServerError, type MongoClient } from 'mongodb';
import { canonical, checksum, EXACT_READ } from './checksum';
import { cleanIndexSpec, type CollectionDump } from './dump';
import { UserError } from './errors';

export interface CollectionOutcome {
  ns: string;
  /** 'copied': written whole; 'completed': a partial earlier copy finished; 'unchanged': already there. */
  action: 'copied' | 'completed' | 'unchanged';
  written: number;
  count: number;
  sha256: string;
}

const INSERT_BATCH = 1000;
/** What an index does, whatever server reports it (its name aside): compared before writing. */
function indexShape(spec: Document): string {
  return JSON.stringify({
    key: spec.key,
    unique: Boolean(spec.unique),
    sparse: Boolean(spec.sparse),
    expireAfterSeconds: spec.expireAfterSeconds === undefined ? null : Number(spec.expireAfterSeconds),
    partialFilterExpression: spec.partialFilterExpression ?? null,
  });
}

interface Plan {
  dump: CollectionDump;
  missing: Document[];
  present: number;
}

async function planCollection(client: MongoClient, dump: CollectionDump, conflicts: string[]): Promise<Plan> {
  const ns = `${dump.db}.${dump.name}`;
  const coll = client.db(dump.db).collection(dump.name);
  const existing = await coll.find({}, EXACT_READ).toArray();
  const source = new Map(dump.docs.map((d) => [canonical(d._id), d]));
  let differing = 0;
  let firstId: string | undefined;
  const present = new Set<string>();
  for (const doc of existing) {
    const id = canonical(doc._id);
    const mine = source.get(id);
    if (!mine || canonical(mine) !== canonical(doc)) {
      differing++;
      firstId ??= id;
    } else present.add(id);
  }
  if (differing) conflicts.push(`${ns}: ${differing} document(s) differ from the source or are not in it (first _id ${firstId})`);
  const targetIndexes = new Map((await coll.listIndexes().toArray().catch(() => [] as Document[])).map((i) => [String(i.name), i]));
  for (const spec of dump.indexes) {
    const there = targetIndexes.get(String(spec.name));
    if (there && indexShape(there) !== indexShape(spec)) conflicts.push(`${ns}: index ${String(spec.name)} exists with another definition (${indexShape(there)} instead of ${indexShape(spec)})`);
  }
  return { dump, missing: dump.docs.filter((d) => !present.has(canonical(d._id))), present: present.size };
}

/** Non-empty collections of the target's databases that the source does not have. */
async function strayCollections(client: MongoClient, dumps: readonly CollectionDump[]): Promise<string[]> {
  const known = new Set(dumps.map((d) => `${d.db}.${d.name}`));
  const stray: string[] = [];
  for (const db of new Set(dumps.map((d) => d.db))) {
    for (const info of await client.db(db).listCollections({}, { nameOnly: true }).toArray()) {
      if (info.name.startsWith('system.') || known.has(`${db}.${info.name}`)) continue;
      const n = await client.db(db).collection(info.name).estimatedDocumentCount();
      if (n > 0) stray.push(`${db}.${info.name}: ${n} document(s) in the target, the collection is not in the source`);
    }
  }
  return stray;
}

/** Creates the collection (with its options) unless the target has it; true when created. */
async function ensureCollection(client: MongoClient, dump: CollectionDump): Promise<boolean> {
  const exists = (await client.db(dump.db).listCollections({ name: dump.name }, { nameOnly: true }).toArray()).length > 0;
  if (exists) return false;
  try {
    await client.db(dump.db).createCollection(dump.name, dump.options);
    return true;
  } catch (err) {
    // Created meanwhile (NamespaceExists): the documents and indexes still go in.
    if (!(err instanceof MongoServerError && err.code === 48)) throw err;
    return false;
  }
}

export async function applyDumps(client: MongoClient, dumps: readonly CollectionDump[], log: (line: string) => void = () => undefined): Promise<CollectionOutcome[]> {
  const conflicts: string[] = [];
  const plans: Plan[] = [];
  for (const dump of dumps) plans.push(await planCollection(client, dump, conflicts));
  conflicts.push(...(await strayCollections(client, dumps)));
  if (conflicts.length)
    throw new UserError(`the target already holds different data; nothing was written. Empty these collections (or choose another target) and run again:\n  - ${conflicts.join('\n  - ')}`);

  const outcomes: CollectionOutcome[] = [];
  for (const { dump, missing, present } of plans) {
    const ns = `${dump.db}.${dump.name}`;
    const coll = client.db(dump.db).collection(dump.name);
    const created = await ensureCollection(client, dump);
    if (dump.indexes.length) await coll.createIndexes(dump.indexes.map((spec) => cleanIndexSpec(spec)) as never);
    for (let i = 0; i < missing.length; i += INSERT_BATCH) await coll.insertMany(missing.slice(i, i + INSERT_BATCH), { ordered: true });
    const back = await coll.find({}, EXACT_READ).toArray();
    const sha256 = checksum(back);
    if (back.length !== dump.count || sha256 !== dump.sha256)
      throw new UserError(`${ns}: the copy does not match the source after writing (${back.length} document(s), checksum ${sha256.slice(0, 12)}; the source has ${dump.count}, ${dump.sha256.slice(0, 12)})`);
    const action = created || (present === 0 && missing.length > 0) ? 'copied' : missing.length === 0 ? 'unchanged' : 'completed';
    outcomes.push({ ns, action, written: missing.length, count: back.length, sha256 });
    log(`${ns}: ${back.length} document(s), ${dump.indexes.length} index(es), sha256 ${sha256.slice(0, 16)}: ${action === 'unchanged' ? 'already there' : action === 'completed' ? `completed (${missing.length} written)` : 'copied'}, verified`);
  }
  return outcomes;
}
