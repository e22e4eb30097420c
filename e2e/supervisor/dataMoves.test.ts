// npm run db:backup | db:restore | db:migrate against the product running under npm start: a
// backup taken while it runs, restored into a second engine, a migration into a third, each
// compared document by document with the running product's database; then Ctrl-C stops it all.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canonicalLines, EXACT_READ, userDatabases } from '@wishlist/db-ops';
import { MongoClient } from 'mongodb';
import { freePort, root, run, startStack, waitFor, type Stack } from './stack';

/** `npm run <script> -- args` in the repository, with the stack's DATA_DIR: exit code and output. */
function npmRun(script: string, args: string[], dataDir: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script, '--', ...args], { cwd: root, env: { ...process.env, DATA_DIR: dataDir, MONGODB_URI: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

/** Every document of every collection of every database, canonical (every BSON type spelled out), in _id order. */
async function everything(uri: string): Promise<Record<string, string[]>> {
  const client = await MongoClient.connect(uri);
  try {
    const out: Record<string, string[]> = {};
    for (const db of await userDatabases(client))
      for (const c of await client.db(db).listCollections({}, { nameOnly: true }).toArray())
        out[`${db}.${c.name}`] = canonicalLines(await client.db(db).collection(c.name).find({}, EXACT_READ).toArray());
    return out;
  } finally {
    await client.close();
  }
}

describe('data moves while npm start runs', () => {
  let stack: Stack;
  const work = mkdtempSync(join(tmpdir(), 'wishlist-moves-'));
  const engines: ReturnType<typeof run>[] = [];

  afterAll(async () => {
    for (const e of engines) if (e.child.exitCode === null) e.child.kill('SIGTERM');
    await Promise.all(engines.map((e) => e.exited));
    if (stack?.child.exitCode === null) stack.child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
    if (stack) rmSync(stack.dataDir, { recursive: true, force: true });
  }, 30_000);

  /** Another embedded engine, as a MongoDB server the product could move to. */
  async function target(name: string): Promise<string> {
    const port = await freePort();
    const e = run([join(root, 'services/embedded-mongo/bin/embedded-mongo.cjs'), '--port', String(port), '--dbpath', join(work, name)]);
    engines.push(e);
    return waitFor(`engine ${name}`, () => /mongodb:\/\/\S+/.exec(e.out.text)?.[0], 30_000);
  }

  it('backs up, restores and migrates every document, and the stack still stops at once', async () => {
    stack = await startStack();
    const base = stack.base;
    const json = async (method: string, path: string, body?: unknown, bearer?: string) => {
      const res = await fetch(base + path, {
        method,
        headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect([200, 201]).toContain(res.status);
      return res.json() as Promise<{ token: string; data: { id: string } }>;
    };
    // Data in every service's database: an account (auth), a list and a product (lists).
    const email = `moves-${Date.now()}@example.com`;
    const tokenName = `moves-${Date.now()}`;
    const { token } = await json('POST', '/api/tokens', { email, tokenName, language: 'fr' });
    const mail = await waitFor('the sign-in mail', async () => ((await json('GET', '/dev/mails')) as unknown as { to: string; text: string }[]).find((m) => m.to.includes(email)), 15_000, 200);
    await json('PUT', '/api/tokens', { tokenName, validationCode: /\/validate-email\/[^/\s]+\/([^/\s"<>]+)/.exec(mail.text)![1] });
    const list = (await json('POST', '/api/product-lists', { name: 'Noël' }, token)).data;
    await json('POST', '/api/products-in-lists', { name: 'Théière', url: 'https://shop.example.com/teapot', productListId: list.id }, token);

    const uri = readFileSync(join(stack.dataDir, 'engine.uri'), 'utf8').trim();
    const live = await everything(uri);
    expect(live['lists.products']).toHaveLength(1);

    const file = join(work, 'wishlist.backup.gz');
    const backup = await npmRun('db:backup', [file], stack.dataDir);
    expect(backup).toMatchObject({ code: 0, out: expect.stringContaining(`reading the running embedded engine (${uri}`) });

    const restoredUri = await target('restored');
    const restore = await npmRun('db:restore', [file, '--to', restoredUri], stack.dataDir);
    expect(restore.code).toBe(0);
    const migratedUri = await target('migrated');
    const migrate = await npmRun('db:migrate', ['--to', migratedUri], stack.dataDir);
    expect(migrate.code).toBe(0);

    const now = await everything(uri);
    expect(Object.keys(now).length).toBeGreaterThanOrEqual(8);
    expect(await everything(restoredUri)).toEqual(now);
    expect(await everything(migratedUri)).toEqual(now);
    expect(await npmRun('db:migrate', ['--to', migratedUri], stack.dataDir)).toMatchObject({ code: 0, out: expect.stringContaining('nothing to do') });

    // Ctrl-C: every process drains and stops; the engine's address is no longer advertised.
    stack.child.kill('SIGINT');
    let timer: NodeJS.Timeout | undefined;
    const stopped = await Promise.race([stack.exited, new Promise((r) => (timer = setTimeout(() => r('still running'), 30_000)))]);
    clearTimeout(timer);
    expect(stopped).toBe(0);
    expect(existsSync(join(stack.dataDir, 'engine.uri'))).toBe(false);
  }, 240_000);
});
