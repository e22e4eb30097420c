// The three data moves behind npm run db:backup | db:restore | db:migrate (cli.ts parses their
// arguments). Each reads or writes every service's database; see the README's Operations section.
import { resolve } from 'node:path';
import { applyDumps, type CollectionOutcome } from './apply';
import { readBackup, writeBackup } from './backupFile';
import { dumpAll } from './dump';
import { UserError } from './errors';
import { connect, locateSource, openEmptyEngineDir, type Connected } from './locate';

type Log = (line: string) => void;

async function using<T>(open: Promise<Connected>, work: (c: Connected) => Promise<T>): Promise<T> {
  const c = await open;
  try {
    return await work(c);
  } finally {
    await c.close();
  }
}

/** A consistent snapshot of every database into `file` (the product may keep running). */
export async function backup(file: string, options: { from?: string; env?: NodeJS.ProcessEnv; log?: Log } = {}): Promise<{ collections: number; documents: number }> {
  const log = options.log ?? (() => undefined);
  const target = resolve(file);
  return using(locateSource(options.from, options.env), async (source) => {
    log(`reading ${source.where}`);
    const dumps = await dumpAll(source.client);
    await writeBackup(target, dumps);
    for (const d of dumps) log(`${d.db}.${d.name}: ${d.count} document(s), ${d.indexes.length} index(es), sha256 ${d.sha256.slice(0, 16)}`);
    const documents = dumps.reduce((n, d) => n + d.count, 0);
    log(`backup written to ${target}: ${dumps.length} collection(s), ${documents} document(s)`);
    return { collections: dumps.length, documents };
  });
}

/** A backup file into `to` (a MongoDB URI), or into DATA_DIR's empty engine directory. */
export async function restore(file: string, options: { to?: string; env?: NodeJS.ProcessEnv; log?: Log } = {}): Promise<CollectionOutcome[]> {
  const log = options.log ?? (() => undefined);
  const dumps = await readBackup(resolve(file));
  log(`${file}: ${dumps.length} collection(s), every count and checksum checked`);
  const open = options.to ? connect(options.to) : openEmptyEngineDir(options.env);
  return using(open, async (target) => {
    log(`restoring into ${target.where}`);
    const outcomes = await applyDumps(target.client, dumps, log);
    log(`restored ${outcomes.length} collection(s), each checked document by document (count and checksum)`);
    return outcomes;
  });
}

/** Every collection (documents and indexes) of the product's database into the server at `to`. */
export async function migrate(options: { to: string; from?: string; env?: NodeJS.ProcessEnv; log?: Log }): Promise<CollectionOutcome[]> {
  const log = options.log ?? (() => undefined);
  return using(locateSource(options.from, options.env), async (source) => {
    const target = await connect(options.to);
    try {
      if (sameServer(source, target)) throw new UserError(`the target ${options.to} is the source itself`, 2);
      log(`reading ${source.where}`);
      const dumps = await dumpAll(source.client);
      log(`writing into ${options.to}`);
      const outcomes = await applyDumps(target.client, dumps, log);
      const written = outcomes.reduce((n, o) => n + o.written, 0);
      log(written ? `migrated ${outcomes.length} collection(s), ${written} document(s) written, every collection verified` : `nothing to do: the target already holds every collection, verified`);
      return outcomes;
    } finally {
      await target.close();
    }
  });
}

function sameServer(a: Connected, b: Connected): boolean {
  const hosts = (c: Connected) => JSON.stringify(c.client.options.hosts.map((h) => h.toString()).sort());
  return hosts(a) === hosts(b);
}
