// scripts/deploy-remote.mjs as ops run it (a child process): releases kept, listed, rolled back,
// promoted, pruned; the gateway's reader (releases.ts) names the same versions.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RemoteReleases, versionOfBuild } from './releases';
import { createHmac } from 'node:crypto';
import { deploy, deployFails, deployFailsWith, deployWith, fakeContentBuild, filesUnder } from './test-support/remoteBuilds';

let root: string;
let live: string;
let first: string;
let second: string;
let third: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'deploy-remote-'));
  first = fakeContentBuild(join(root, 'build-1'), 'First headline');
  second = fakeContentBuild(join(root, 'build-2'), 'Second headline', { version: '0.2.0' });
  third = fakeContentBuild(join(root, 'build-3'), 'Third headline', { version: '0.3.0' });
  // The live directory as deployments before releases left it: a plain copy of a build.
  live = join(root, 'live');
  cpSync(first, live, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const headline = () => readFileSync(join(live, 'first-view/home.en.html'), 'utf8');
/** `--list` as lines of [marker, version, rest]. */
const list = () =>
  deploy('--list', live)
    .trimEnd()
    .split('\n')
    .map((l) => /^([* ]) (\S+)\s+deployed (\S+)(.*)$/.exec(l)!.slice(1));

describe('deploy-remote: releases', () => {
  it('names a release by package version and a hash of its entry and manifest, the way the gateway does', () => {
    const v1 = versionOfBuild(first)!;
    expect(v1).toMatch(/^0\.1\.0\+[0-9a-f]{8}$/);
    expect(versionOfBuild(second)).toMatch(/^0\.2\.0\+[0-9a-f]{8}$/);
    // A directory deployed before releases were kept lists its one build, live, and is not changed.
    expect(list()).toEqual([['*', v1, expect.any(String), '  (live)']]);
    expect(existsSync(join(live, '.releases'))).toBe(false);
    const out = deploy(second, live);
    expect(out).toMatch(new RegExp(`as release ${versionOfBuild(second)!.replace('+', '\\+')} \\(live\\) in [\\d.]+ ms: 1 new hashed files, 1 unchanged, 3 entry files replaced, 0 old files pruned`));
    expect(new RemoteReleases(live).liveVersion()).toBe(versionOfBuild(second));
  });

  it('keeps every release, lists them newest first with the live one marked, and rolls back without a rebuild', () => {
    const [v1, v2, v3] = [first, second, third].map((b) => versionOfBuild(b)!);
    deploy(second, live);
    deploy(third, live);
    expect(list().map(([mark, v, , rest]) => [mark, v, rest])).toEqual([
      ['*', v3, '  (live)'],
      [' ', v2, ''],
      [' ', v1, ''],
    ]);
    expect(headline()).toContain('Third');
    // Every release's hashed files stay: a tab opened before a switch still finds its chunks.
    for (const b of [first, second, third]) for (const f of filesUnder(b).filter((f) => f.startsWith('static/'))) expect(existsSync(join(live, f))).toBe(true);

    const out = deploy('--rollback', live);
    expect(out).toMatch(new RegExp(`rolled back .* from ${v3.replace('+', '\\+')} to ${v2.replace('+', '\\+')} in [\\d.]+ ms`));
    expect(headline()).toContain('Second');
    expect(new RemoteReleases(live).liveVersion()).toBe(v2);
    expect(readFileSync(join(live, 'remoteEntry.js'), 'utf8')).toBe(readFileSync(join(second, 'remoteEntry.js'), 'utf8'));
    deploy('--rollback', live);
    expect(headline()).toContain('First');
    expect(list().find(([mark]) => mark === '*')?.[1]).toBe(v1);
    // Nothing earlier: refused, nothing changed.
    const refused = deployFails('--rollback', live);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/no earlier release to roll back to/);
    expect(headline()).toContain('First');
    // The releases rolled back from are still kept: promote one again.
    deploy('--promote', v3, live);
    expect(headline()).toContain('Third');
  });

  it('removes a file the previous release had and the new one lacks, when switching', () => {
    const withExtra = fakeContentBuild(join(root, 'build-extra'), 'Extra headline', { extra: { 'first-view/home.fr.html': '<h1>Titre</h1>' } });
    deploy(withExtra, live);
    expect(existsSync(join(live, 'first-view/home.fr.html'))).toBe(true);
    deploy('--rollback', live);
    expect(existsSync(join(live, 'first-view/home.fr.html'))).toBe(false);
    expect(headline()).toContain('First');
  });

  it('deploys a preview without making it live, prints a signed link, and promotes it', () => {
    const v2 = versionOfBuild(second)!;
    const out = deploy('--preview', second, live, '--public-url', 'https://wishlist.example/');
    expect(headline()).toContain('First');
    const link = new URL(/^preview: (\S+)$/m.exec(out)![1]);
    expect(link.origin).toBe('https://wishlist.example');
    expect(decodeURIComponent(link.pathname)).toBe(`/remotes/content/preview/${v2}`);
    expect(Number(link.searchParams.get('exp'))).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
    expect(link.searchParams.get('sig')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(list().find(([, v]) => v === v2)?.[3]).toBe('  (preview: never live)');
    // The key is random and owner-only, in the store the gateways read.
    const key = join(live, '.releases/preview.key');
    expect(readFileSync(key, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(key).mode & 0o077).toBe(0);
    expect(new RemoteReleases(live).kept(v2)).not.toBeNull();

    deploy('--promote', v2, live);
    expect(headline()).toContain('Second');
    expect(list()[0]).toEqual(['*', v2, expect.any(String), '  (live)']);
  });

  it('signs preview links with RELEASE_PREVIEW_SECRET when set (and keeps no key file), refusing a short one', () => {
    const v2 = versionOfBuild(second)!;
    const before = filesUnder(live);
    expect(deployFailsWith({ RELEASE_PREVIEW_SECRET: 'short' }, '--preview', second, live).stderr).toMatch(/RELEASE_PREVIEW_SECRET must be at least 32 characters/);
    expect(filesUnder(live)).toEqual(before);
    const secret = 'k'.repeat(40);
    const link = new URL(/^preview: (\S+)$/m.exec(deployWith({ RELEASE_PREVIEW_SECRET: secret, PUBLIC_URL: 'http://gw.test:1234' }, '--preview', second, live))![1]);
    expect(link.origin).toBe('http://gw.test:1234');
    const exp = link.searchParams.get('exp');
    expect(link.searchParams.get('sig')).toBe(createHmac('sha256', secret).update(`wishlist-preview-link\nremote_content\n${v2}\n${exp}`).digest('base64url'));
    expect(existsSync(join(live, '.releases/preview.key'))).toBe(false);
  });

  it('prunes the releases deployed before a date and the hashed files only they had, never the live one', () => {
    const [v1, v2, v3] = [first, second, third].map((b) => versionOfBuild(b)!);
    deploy(second, live);
    deploy('--rollback', live);
    // The live release (v1) was deployed long ago: it is kept all the same.
    const old = new Date('2020-01-01');
    const firstChunk = filesUnder(first).find((f) => f.includes('home.'))!;
    utimesSync(join(live, firstChunk), old, old);
    const out = deploy(third, live, '--prune-before', new Date(Date.now() + 60_000).toISOString());
    // v1 was live before this deploy, not any more: forgotten with v2; only v3 is left.
    expect(out).toMatch(/, 2 old files pruned$/m);
    expect(list().map(([, v]) => v)).toEqual([v3]);
    expect(existsSync(join(live, '.releases', v1))).toBe(false);
    expect(existsSync(join(live, '.releases', v2))).toBe(false);
    expect(filesUnder(live).filter((f) => !f.startsWith('.releases/'))).toEqual(filesUnder(third));
    expect(new RemoteReleases(live).kept(v2)).toBeNull();
    expect(deployFails('--promote', v2, live).stderr).toMatch(/no release .* is kept/);
  });

  it('keeps the releases deployed after the date, and their files', () => {
    const [, v2, v3] = [first, second, third].map((b) => versionOfBuild(b)!);
    deploy('--preview', second, live);
    deploy(third, live, '--prune-before', '2000-01-01T00:00:00Z');
    expect(list().map(([, v]) => v)).toEqual(expect.arrayContaining([v2, v3]));
    for (const f of filesUnder(second).filter((f) => f.startsWith('static/'))) expect(existsSync(join(live, f))).toBe(true);
  });

  it('refuses bad input with a usage message and changes nothing', () => {
    const before = filesUnder(live);
    for (const args of [[], ['--list'], ['--bogus', live], [first, live, '--prune-before', 'yesterday'], ['--rollback', live, '--prune-before', '2020-01-01'], ['--promote', '../etc', live], ['--preview', first, live, '--public-url', 'ftp://x'], ['--list', '--rollback', live]]) {
      const r = deployFails(...args);
      expect(r.status).not.toBe(0);
      expect(r.stderr).toMatch(/^deploy-remote: /);
    }
    const notABuild = deployFails(root, live);
    expect(notABuild.stderr).toMatch(/is not a remote build/);
    expect(filesUnder(live)).toEqual(before);
  });

  it('refuses a build of another remote, and a deploy while another one holds the lock', () => {
    deploy(second, live);
    const other = fakeContentBuild(join(root, 'other'), 'Other');
    const manifest = JSON.parse(readFileSync(join(other, 'mf-manifest.json'), 'utf8'));
    manifest.metaData.name = 'remote_lists';
    writeFileSync(join(other, 'mf-manifest.json'), JSON.stringify(manifest));
    expect(deployFails(other, live).stderr).toMatch(/is a build of remote_lists/);
    // A lock held by a live process (this one).
    writeFileSync(join(live, '.releases/.lock'), String(process.pid));
    expect(deployFails(third, live).stderr).toMatch(/another deploy/);
    // A lock left by a process that is gone is taken over.
    writeFileSync(join(live, '.releases/.lock'), '999999999');
    deploy(third, live);
    expect(headline()).toContain('Third');
  });
});
