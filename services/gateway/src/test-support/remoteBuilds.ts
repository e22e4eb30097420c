// Fake builds of remote-content, shaped as Rsbuild writes them (hashed chunks, remoteEntry.js,
// mf-manifest.json with its buildVersion, a prerendered first view), and a runner for
// scripts/deploy-remote.mjs as ops run it.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const DEPLOY_SCRIPT = resolve(__dirname, '../../../../scripts/deploy-remote.mjs');

function write(file: string, content: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/**
 * A build of remote-content in `dir` whose home headline is `headline`: its own chunk
 * (`static/js/async/home.<hash>.js`), an entry naming it, and `first-view/home.en.html`.
 */
export function fakeContentBuild(dir: string, headline: string, { version = '0.1.0', extra = {} as Record<string, string> } = {}): string {
  const hash = createHash('sha256').update(headline).digest('hex').slice(0, 10);
  const chunk = `static/js/async/home.${hash}.js`;
  write(join(dir, chunk), `export const headline = ${JSON.stringify(headline)};`);
  write(join(dir, 'static/js/shared.0a0b0c0d0e.js'), 'shared');
  write(join(dir, 'remoteEntry.js'), `var remote_content = { chunk: ${JSON.stringify(chunk)} };`);
  write(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({
      id: 'remote_content',
      name: 'remote_content',
      metaData: { name: 'remote_content', buildInfo: { buildVersion: version, buildName: '@wishlist/remote-content' }, publicPath: 'auto' },
      exposes: [{ path: './HomePage', assets: { js: { sync: [chunk] }, css: { sync: [] } } }],
    }),
  );
  write(join(dir, 'first-view/home.en.html'), `<main><h1>${headline}</h1></main>`);
  for (const [file, content] of Object.entries(extra)) write(join(dir, file), content);
  return dir;
}

/** Every file under dir, relative, sorted. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const p = join(d, entry);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

/** Runs the deploy script; its standard output (throws with its output on a non-zero exit). */
export function deploy(...args: string[]): string {
  return deployWith({}, ...args);
}

/** The same, with these environment variables (RELEASE_PREVIEW_SECRET is unset unless given). */
export function deployWith(env: Record<string, string>, ...args: string[]): string {
  return execFileSync(process.execPath, [DEPLOY_SCRIPT, ...args], { encoding: 'utf8', env: { ...process.env, RELEASE_PREVIEW_SECRET: '', ...env } });
}

/** Runs the deploy script expecting a failure: its exit code and error output. */
export function deployFails(...args: string[]): { status: number | null; stderr: string } {
  return deployFailsWith({}, ...args);
}

export function deployFailsWith(env: Record<string, string>, ...args: string[]): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [DEPLOY_SCRIPT, ...args], { encoding: 'utf8', env: { ...process.env, RELEASE_PREVIEW_SECRET: '', ...env } });
  return { status: r.status, stderr: r.stderr };
}
