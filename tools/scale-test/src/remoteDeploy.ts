// Check 5: a remote deployed to both gateways while pages load. Each gateway serves remote-content
// from its own live directory; scripts/deploy-remote.mjs puts new releases on both in two phases
// (`--phase files` on each, then `--phase activate` on each), as ops do for gateways on other
// machines, while loaders fetch through the balancer what a page fetches: the manifest, the
// remoteEntry.js it names and every chunk that entry names. A load is broken when any of them is
// not 200.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, Tally } from './client';
import { ROOT } from './stack';

const REMOTE = 'remote_content';
export const REMOTE_PATH = '/remotes/content';

/**
 * Writes a build of remote-content as Rsbuild lays one out: mf-manifest.json naming
 * remoteEntry.js, which names its content-hashed chunks under static/js/. `release` changes every
 * chunk's content, hence every chunk's name.
 */
export function writeSyntheticBuild(dir: string, release: number, chunks = 3): string[] {
  mkdirSync(join(dir, 'static/js'), { recursive: true });
  const names: string[] = [];
  for (let i = 0; i < chunks; i++) {
    const code = `/* release ${release}, chunk ${i} */ self.__chunk_${i} = ${release};\n`;
    const name = `static/js/${i}.${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
    writeFileSync(join(dir, name), code);
    names.push(name);
  }
  writeFileSync(join(dir, 'remoteEntry.js'), `/* release ${release} */ var chunks = ${JSON.stringify(names)};\n`);
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ id: REMOTE, name: REMOTE, metaData: { name: REMOTE, buildInfo: { buildVersion: `1.0.${release}` }, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' }, shared: [], remotes: [], exposes: [] }),
  );
  return names;
}

/** The chunks a remoteEntry.js names (paths under the remote's directory). */
export function chunksNamedBy(entry: string): string[] {
  return [...new Set([...entry.matchAll(/static\/(?:js|css)\/[A-Za-z0-9_./-]+?\.[0-9a-f]{8,}\.(?:js|css)/g)].map((m) => m[0]))];
}

/** The entry a manifest names (remoteEntry.js by default). */
export function entryNamedBy(manifest: string): string {
  try {
    const name = (JSON.parse(manifest) as { metaData?: { remoteEntry?: { name?: string } } }).metaData?.remoteEntry?.name;
    return typeof name === 'string' && name ? name : 'remoteEntry.js';
  } catch {
    return 'remoteEntry.js';
  }
}

/** One page's load of the remote: what failed, or null when every file came. */
export async function loadRemote(client: Client): Promise<string | null> {
  const manifest = await client.fetchBytes(`${REMOTE_PATH}/mf-manifest.json`);
  if (manifest.status !== 200) return `mf-manifest.json ${manifest.status || manifest.error}`;
  const entryName = entryNamedBy(manifest.text);
  const entry = await client.fetchBytes(`${REMOTE_PATH}/${entryName}`);
  if (entry.status !== 200) return `${entryName} ${entry.status || entry.error}`;
  const chunks = chunksNamedBy(entry.text);
  if (chunks.length === 0) return `${entryName} names no chunk`;
  for (const chunk of chunks) {
    const res = await client.fetchBytes(`${REMOTE_PATH}/${chunk}`);
    if (res.status !== 200) return `${chunk} ${res.status || res.error}`;
  }
  return null;
}

export function deployRemote(args: string[]): void {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/deploy-remote.mjs'), ...args], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`deploy-remote ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
}

/** The first release, on both live directories, before the gateways start. */
export function prepareLiveDirs(runDir: string): { lives: [string, string]; builds: string } {
  const builds = join(runDir, 'builds');
  const lives: [string, string] = [join(runDir, 'live-a/dist'), join(runDir, 'live-b/dist')];
  writeSyntheticBuild(join(builds, 'r0'), 0);
  deployRemote([join(builds, 'r0'), ...lives]);
  return { lives, builds };
}

export async function runRemoteDeploy(baseUrl: string, lives: readonly string[], builds: string, releases: number, loaders: number): Promise<Tally> {
  const t = new Tally();
  let running = true;
  const clients = Array.from({ length: loaders }, () => new Client(baseUrl));
  const loops = clients.map(async (c) => {
    while (running) {
      const broken = await loadRemote(c);
      t.record(broken === null, `page load: ${broken}`);
    }
  });
  const waitLoads = async (n: number) => {
    const target = t.total + n;
    for (let i = 0; i < 600 && t.total < target; i++) await new Promise((r) => setTimeout(r, 50));
  };
  try {
    await waitLoads(10);
    for (let release = 1; release <= releases; release++) {
      const build = join(builds, `r${release}`);
      writeSyntheticBuild(build, release);
      for (const live of lives) {
        deployRemote(['--phase', 'files', build, live]);
        await waitLoads(3);
      }
      for (const live of lives) {
        deployRemote(['--phase', 'activate', build, live]);
        await waitLoads(3);
      }
    }
    await waitLoads(10);
  } catch (err) {
    t.record(false, (err as Error).message);
  } finally {
    running = false;
    await Promise.all(loops);
    await Promise.all(clients.map((c) => c.close()));
  }
  // The last release is what every gateway serves now (round-robin: two fetches, both gateways).
  const final = new Client(baseUrl);
  for (let i = 0; i < 2; i++) {
    const entry = await final.fetchBytes(`${REMOTE_PATH}/remoteEntry.js`);
    t.record(entry.status === 200 && entry.text.startsWith(`/* release ${releases} */`), `the last release served: ${entry.status} ${entry.text.slice(0, 20)}`);
  }
  await final.close();
  return t;
}
