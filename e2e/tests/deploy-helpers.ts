// Helpers of the independent-deployment journeys (deploy-*.spec.ts): build a changed
// copy of a remote the way its team would (its own sources, its own package.json, `rsbuild
// build`), and run a gateway of our own whose copy of that remote can be redeployed without
// disturbing the stack the other journeys share.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync as makeTempDir, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { PORT } from '../playwright.config';

export const ROOT = resolve(__dirname, '../..');

const temporary: string[] = [];
function mkdtempSync(prefix: string): string {
  const dir = makeTempDir(prefix);
  temporary.push(dir);
  return dir;
}
/** Removes the builds, live copies and gateway data directories this worker made. */
export function removeTemporaryDirs(): void {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
}

function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  return new Promise((done, fail) => {
    let out = '';
    const p = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('close', (code) => (code === 0 ? done(out) : fail(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out}`))));
  });
}

/**
 * Copies `workspace` (sources, package.json, build config) beside the repository's node_modules,
 * lets `edit` change the copy, builds it with its own `rsbuild build`, and returns the new dist.
 */
export async function buildRemoteVariant(workspace: string, edit: (dir: string) => void): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), `deploy-${workspace}-`));
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  cpSync(join(ROOT, 'tsconfig.base.json'), join(root, 'tsconfig.base.json'));
  const dir = join(root, workspace);
  cpSync(join(ROOT, workspace), dir, {
    recursive: true,
    filter: (src) => !/\/(node_modules|dist|\.data)$/.test(src),
  });
  edit(dir);
  await run(process.execPath, [join(ROOT, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build'], dir, { NODE_ENV: 'production' });
  // The rest of its `build` script: the first view's server renderer or prerendered pages.
  const firstView = join(dir, 'scripts/build-first-view.mjs');
  if (existsSync(firstView)) await run(process.execPath, [firstView], dir, { NODE_ENV: 'production' });
  return join(dir, 'dist');
}

/** Edits a JSON file of a copied workspace in place. */
export function editJson(file: string, change: (value: Record<string, unknown>) => void): void {
  const value = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(value);
  writeFileSync(file, JSON.stringify(value, null, 2));
}

/** sha256 of every file under dir, keyed by relative path. */
export function fileHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const p = join(d, entry);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/** A copy of a remote's current build: the "live" directory our gateway serves it from. */
export function liveCopyOf(workspace: string): string {
  const live = join(mkdtempSync(join(tmpdir(), `live-${workspace}-`)), 'dist');
  cpSync(join(ROOT, workspace, 'dist'), live, { recursive: true });
  return live;
}

/** Runs scripts/deploy-remote.mjs, as ops would; resolves with its one-line report. */
export function deployRemote(buildDir: string, liveDir: string, ...options: string[]): Promise<string> {
  return releaseCommand(buildDir, liveDir, ...options);
}

/** Runs scripts/deploy-remote.mjs with any arguments (--preview, --promote, --rollback, --list); its output. */
export function releaseCommand(...args: string[]): Promise<string> {
  return run(process.execPath, [join(ROOT, 'scripts/deploy-remote.mjs'), ...args], ROOT);
}

/** The files a browser can be served from a live directory: its release store (.releases/) left out. */
export function servedFiles(liveDir: string): string[] {
  return Object.keys(fileHashes(liveDir)).filter((f) => !f.startsWith('.releases/'));
}

export interface Gateway {
  url: string;
  stop(): Promise<void>;
}

/**
 * A gateway on `port` in front of the stack's services (ports PORT+11..13), serving the shell and
 * the other remotes from the repository and `env`'s overrides (REMOTE_CONTENT_DIST, …).
 */
export async function startGateway(port: number, env: Record<string, string>): Promise<Gateway> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'services/gateway/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'deploy-gateway-')),
      AUTH_URL: `http://127.0.0.1:${PORT + 11}`,
      LISTS_URL: `http://127.0.0.1:${PORT + 12}`,
      OFFERS_URL: `http://127.0.0.1:${PORT + 13}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    // Its warnings (no IDENTITY_SECRET: these pages need no signed-in call) are shown only if it fails to start.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (d) => (errors += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://localhost:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the gateway on ${port} exited at start:\n${errors}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`the gateway on ${port} did not start within 60 s:\n${errors}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
