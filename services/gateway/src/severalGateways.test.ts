// A remote deployed to two gateways behind one balancer while pages load: every page load gets
// its remoteEntry.js and mf-manifest.json from one gateway and its chunks from the other (the
// worst a balancer can do), and never meets a 404. scripts/deploy-remote.mjs runs as ops run it
// (a child process); the gateways are real, on port 0.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Listening } from '@wishlist/service-kit';
import { createGateway } from './app';
import { versionOfBuild } from './releases';
import { configFor, makeFrontends } from './test-support/fixtures';
import { DEPLOY_SCRIPT, deploy, fakeContentBuild } from './test-support/remoteBuilds';

jest.setTimeout(60_000);

const frontends = makeFrontends();
let root: string;
let first: string;
let second: string;
const running: Listening[] = [];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'several-gateways-'));
  first = fakeContentBuild(join(root, 'build-1'), 'First headline');
  second = fakeContentBuild(join(root, 'build-2'), 'Second headline', { version: '0.2.0' });
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((l) => l.close(500)));
  rmSync(root, { recursive: true, force: true });
});
afterAll(() => frontends.cleanup());

async function gatewayOn(liveDir: string, env: Record<string, string> = { REMOTE_CONTENT_DIST: liveDir }): Promise<string> {
  const gateway = createGateway(configFor(frontends.root, { ...env, FIRST_VIEW_SNAPSHOTS: 'false' }));
  const listening = await gateway.listen(0, '127.0.0.1');
  running.push(listening);
  return `http://127.0.0.1:${listening.port}`;
}

/** The deploy script as a child process, not blocking this process (the gateways answer meanwhile). */
function deployAsync(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [DEPLOY_SCRIPT, ...args], { env: { ...process.env, RELEASE_PREVIEW_SECRET: '' } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`deploy-remote exited ${code}: ${out}`))));
  });
}

interface Load {
  /** The build the entry named (its home chunk). */
  chunk: string;
  /** Statuses other than 200 met by this load. */
  failures: string[];
}

/**
 * One page load of the remote: mf-manifest.json and remoteEntry.js from `entries`, then every
 * chunk they name from `chunks`.
 */
async function pageLoad(entries: string, chunks: string): Promise<Load> {
  const failures: string[] = [];
  const get = async (url: string) => {
    const res = await fetch(url);
    if (res.status !== 200) failures.push(`${res.status} ${url}`);
    return res.status === 200 ? res.text() : '';
  };
  const [manifest, entry] = await Promise.all([get(`${entries}/remotes/content/mf-manifest.json`), get(`${entries}/remotes/content/remoteEntry.js`)]);
  const named = new Set<string>();
  if (manifest) for (const e of (JSON.parse(manifest) as { exposes: { assets: { js: { sync: string[] } } }[] }).exposes) for (const f of e.assets.js.sync) named.add(f);
  const fromEntry = /chunk: "([^"]+)"/.exec(entry)?.[1];
  if (fromEntry) named.add(fromEntry);
  await Promise.all([...named].map((f) => get(`${chunks}/remotes/content/${f}`)));
  return { chunk: fromEntry ?? '', failures };
}

/** Page loads alternating between the gateways (entries from one, chunks from the other) until `done` settles. */
async function loadWhile(gateways: [string, string], done: Promise<unknown>): Promise<Load[]> {
  let finished = false;
  const settled = done.finally(() => (finished = true));
  const loads: Load[] = [];
  // A few loads after the deploy too: the new release, entries and chunks split across gateways.
  for (let i = 0, after = 0; after < 10; i++) {
    if (finished) after++;
    loads.push(await pageLoad(gateways[i % 2], gateways[(i + 1) % 2]));
  }
  await settled;
  return loads;
}

/** The chunk a build's entry names (its home page). */
const chunkOf = (build: string) => /chunk: "([^"]+)"/.exec(readFileSync(join(build, 'remoteEntry.js'), 'utf8'))![1];

describe('a remote on two gateways', () => {
  it('one gateway switched before the other has the files: the broken loads this prevents', async () => {
    const [a, b] = [join(root, 'live-a'), join(root, 'live-b')];
    deploy(first, a, b);
    const [gwA, gwB] = [await gatewayOn(a), await gatewayOn(b)];
    // The old way: one machine after the other. Between the two, a page gets the new entry from A
    // and asks B for a chunk B never had.
    deploy(second, a);
    const load = await pageLoad(gwA, gwB);
    expect(load.failures).toEqual([expect.stringMatching(/^404 .*\/remotes\/content\/static\/js\/async\/home\.[0-9a-f]+\.js$/)]);
    expect(load.chunk).toBe(chunkOf(second));
  });

  it('deployed to both in one command while pages load: no load meets a 404, old pages keep their chunks', async () => {
    const [a, b] = [join(root, 'live-a'), join(root, 'live-b')];
    deploy(first, a, b);
    const gateways: [string, string] = [await gatewayOn(a), await gatewayOn(b)];
    const before = await pageLoad(gateways[0], gateways[1]);
    const loads = await loadWhile(gateways, deployAsync(second, a, b));
    expect(loads.flatMap((l) => l.failures)).toEqual([]);
    expect(loads.length).toBeGreaterThanOrEqual(10);
    // Every load after the deploy runs the new release, from either gateway.
    const after = await Promise.all([pageLoad(gateways[0], gateways[1]), pageLoad(gateways[1], gateways[0])]);
    expect(before.chunk).toBe(chunkOf(first));
    expect(after.map((l) => l.chunk)).toEqual([chunkOf(second), chunkOf(second)]);
    // The loads saw the old release, then the new one.
    expect(loads[0].chunk).toBe(chunkOf(first));
    expect(loads.at(-1)!.chunk).toBe(chunkOf(second));
    // A tab opened before the switch still gets its chunks, from either gateway.
    for (const gw of gateways) expect((await fetch(`${gw}/remotes/content/${before.chunk}`)).status).toBe(200);
    for (const gw of gateways) expect(await (await fetch(`${gw}/remotes.json`)).json()).toMatchObject({ remotes: [{ version: versionOfBuild(second) }] });
  });

  it('in two phases, machine by machine: files everywhere first, then the entries one gateway at a time', async () => {
    const [a, b] = [join(root, 'live-a'), join(root, 'live-b')];
    deploy(first, a);
    deploy(first, b);
    const gateways: [string, string] = [await gatewayOn(a), await gatewayOn(b)];
    // Each machine runs its own command.
    expect(deploy('--phase', 'files', second, a)).toMatch(/not live yet/);
    expect(deploy('--phase', 'files', second, b)).toMatch(/not live yet/);
    const stillOld = await pageLoad(gateways[0], gateways[1]);
    expect(stillOld.failures).toEqual([]);
    expect(stillOld.chunk).toBe(chunkOf(first));
    // A switched, B not yet: the in-between state, loaded both ways and while B switches.
    expect(deploy('--phase', 'activate', second, a)).toMatch(/is live in/);
    const between = [await pageLoad(gateways[0], gateways[1]), await pageLoad(gateways[1], gateways[0])];
    expect(between.flatMap((l) => l.failures)).toEqual([]);
    expect(between.map((l) => l.chunk)).toEqual([chunkOf(second), chunkOf(first)]);
    const loads = await loadWhile(gateways, deployAsync('--phase', 'activate', second, b));
    expect(loads.flatMap((l) => l.failures)).toEqual([]);
    const [onA, onB] = [await pageLoad(gateways[0], gateways[1]), await pageLoad(gateways[1], gateways[0])];
    expect([onA.chunk, onB.chunk]).toEqual([chunkOf(second), chunkOf(second)]);
  });

  it('refuses to activate where the files are missing, switching no gateway', async () => {
    const [a, b] = [join(root, 'live-a'), join(root, 'live-b')];
    deploy(first, a, b);
    deploy('--phase', 'files', second, a);
    await expect(deployAsync('--phase', 'activate', second, a, b)).rejects.toThrow(/no release .* is kept in .*live-b/);
    const gateways: [string, string] = [await gatewayOn(a), await gatewayOn(b)];
    const load = await pageLoad(gateways[0], gateways[1]);
    expect(load.failures).toEqual([]);
    for (const gw of gateways) expect(await (await fetch(`${gw}/remotes.json`)).json()).toMatchObject({ remotes: [{ version: versionOfBuild(first) }] });
  });

  it('two gateways on one shared release store (REMOTE_RELEASES_DIR): one plain deploy while pages load, no 404', async () => {
    const store = join(root, 'shared');
    const shared = join(store, 'remote-content');
    deploy(first, shared);
    const onStore = { REMOTE_RELEASES_DIR: store, REMOTE_CONTENT_DIST: '' };
    const gateways: [string, string] = [await gatewayOn(shared, onStore), await gatewayOn(shared, onStore)];
    const loads = await loadWhile(gateways, deployAsync(second, shared));
    expect(loads.flatMap((l) => l.failures)).toEqual([]);
    for (const gw of gateways) expect(await (await fetch(`${gw}/remotes.json`)).json()).toMatchObject({ remotes: [{ version: versionOfBuild(second) }] });
  });
});
