// Test support: a service started the way ops start it alone, `npm start -w services/<name>`, in
// its own process with nothing but the environment the test gives (no variable of the test run
// leaks in). Used by each service's main.test.ts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { testEngineStarter } from '../database';

const REPO_ROOT = resolve(__dirname, '../../../..');

export interface StandaloneProcess {
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once the process (npm and the service under it) has exited. */
  exited: Promise<number | null>;
  /** SIGTERM to the process group (npm and the service); resolves once npm has exited. */
  stop(): Promise<number | null>;
}

/** `npm start -w <workspace>` with exactly `env` (plus PATH and HOME, which npm itself needs). */
export function startWorkspace(workspace: string, env: Record<string, string>): StandaloneProcess {
  let out = '';
  const child = spawn('npm', ['start', '--silent', '-w', workspace], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return {
    output: () => out,
    exited,
    stop() {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      return exited;
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

/** Polls GET url until it answers 200; fails when the process exits first or time runs out. */
export async function waitForHealth(url: string, p: StandaloneProcess, timeoutMs = 30_000): Promise<unknown> {
  let gone = false;
  void p.exited.then(() => (gone = true));
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (gone) throw new Error(`the process exited before ${url} answered:\n${p.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return res.json();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${p.output()}`);
}

export interface StandaloneSpec {
  /** services/<name> */
  name: string;
  /** Whether the service keeps data (needs MONGODB_URI in production). */
  usesDatabase: boolean;
  /** Its upstreams: the variables naming the other services it calls. */
  upstreams: string[];
  /** What it must be given in production beside MONGODB_URI (IDENTITY_SECRET; PUBLIC_URL, SMTP_URL where it sends mail). */
  production: string[];
}

/** A value each production variable accepts (a mailer connects only when it sends). */
const PRODUCTION_VALUES: Record<string, string> = {
  IDENTITY_SECRET: 's'.repeat(48),
  PUBLIC_URL: 'https://wishlist.example',
  SMTP_URL: 'smtp://127.0.0.1:2525',
};
const EVERY_PRODUCTION_VARIABLE = [...Object.keys(PRODUCTION_VALUES), 'MONGODB_URI'];

/**
 * The three start-up promises every service keeps (ARCHITECTURE §7):
 * - alone, with only its documented variables (database URI, identity secret, its port, its
 *   upstreams), `npm start -w services/<name>` answers GET /health;
 * - missing production configuration stops it at start, the message naming each variable;
 * - a bad value stops it at start, the message naming the variable.
 */
export function describeStandaloneStart({ name, usesDatabase, upstreams, production }: StandaloneSpec): void {
  const workspace = `services/${name}`;
  let engine: { uri: string; stop(): Promise<void> } | undefined;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), `standalone-${name}-`));
    if (usesDatabase) {
      // The database is another process's concern (MongoDB in production): here the embedded
      // engine, started beside the service, reached only through MONGODB_URI.
      engine = await testEngineStarter()({ port: 0, dbPath: join(dataDir, 'db') });
    }
  });
  afterAll(async () => {
    await engine?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upstreamEnv = () => Object.fromEntries(upstreams.map((v, i) => [v, `http://127.0.0.1:${1 + i}`]));

  it(`npm start -w ${workspace} answers /health with only its documented variables`, async () => {
    const port = await freePort();
    const p = startWorkspace(workspace, {
      NODE_ENV: 'production',
      PORT: String(port),
      ...Object.fromEntries(production.map((v) => [v, PRODUCTION_VALUES[v]])),
      ...(usesDatabase ? { MONGODB_URI: engine!.uri } : {}),
      ...upstreamEnv(),
      DATA_DIR: dataDir,
    });
    try {
      const health = await waitForHealth(`http://127.0.0.1:${port}/health`, p);
      expect(health).toEqual({ data: expect.objectContaining({ status: 'ok' }) });
    } finally {
      await p.stop();
    }
  });

  it('stops at start when production configuration is missing, naming each variable', async () => {
    const p = startWorkspace(workspace, { NODE_ENV: 'production', PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(new RegExp(`Invalid configuration for ${name}`));
    const needed = usesDatabase ? [...production, 'MONGODB_URI'] : production;
    for (const variable of EVERY_PRODUCTION_VARIABLE) {
      const line = new RegExp(`^\\s+- ${variable}: must be set in production`, 'm');
      if (needed.includes(variable)) expect(p.output()).toMatch(line);
      else expect(p.output()).not.toMatch(line);
    }
    // One message, not a stack trace.
    expect(p.output()).not.toMatch(/^\s+at /m);
  });

  it.each(production)('stops at start in production when only %s is missing, naming it alone', async (missing) => {
    const env: Record<string, string> = { NODE_ENV: 'production', PORT: String(await freePort()), DATA_DIR: dataDir };
    for (const v of production) if (v !== missing) env[v] = PRODUCTION_VALUES[v];
    if (usesDatabase) env.MONGODB_URI = 'mongodb://127.0.0.1:1/unused';
    const p = startWorkspace(workspace, env);
    expect(await p.exited).toBe(1);
    const problems = p.output().match(/^\s+- [A-Z_]+: .*$/gm) ?? [];
    expect(problems).toEqual([expect.stringContaining(`- ${missing}: must be set in production`)]);
  });

  it('stops at start on a bad value, naming the variable', async () => {
    const bad: Record<string, string> = { PORT: 'eighty', IDENTITY_SECRET: 'short', DATA_DIR: dataDir };
    if (usesDatabase) bad.MONGODB_URI = 'postgres://db/x';
    if (upstreams[0]) bad[upstreams[0]] = 'not a url';
    const p = startWorkspace(workspace, bad);
    expect(await p.exited).toBe(1);
    for (const variable of Object.keys(bad).filter((k) => k !== 'DATA_DIR')) {
      expect(p.output()).toMatch(new RegExp(`^\\s+- ${variable}: `, 'm'));
    }
  });
}
