// The real `npm start` stack (scripts/start.mjs) for process-level tests: supervisor.test.ts,
// dataMoves.test.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(__dirname, '../..');
export const startScript = join(root, 'scripts/start.mjs');
// eslint-disable-next-line no-control-regex
export const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A process whose output is kept (ANSI colours removed); `exited` resolves to its exit code. */
export function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { text: '' };
  child.stdout!.on('data', (d) => (out.text += plain(String(d))));
  child.stderr!.on('data', (d) => (out.text += plain(String(d))));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, out, exited };
}

export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs: number, everyMs = 50): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
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

export interface Stack {
  base: string;
  child: ChildProcess;
  out: { text: string };
  exited: Promise<number | null>;
  dataDir: string;
  /** The current pid of each process, from start.mjs's "<name> pid N" lines. */
  pids(): Record<string, number>;
}

export async function startStack(): Promise<Stack> {
  const [port, auth, lists, offers, engineMetrics] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const dataDir = mkdtempSync(join(tmpdir(), 'wishlist-supervisor-'));
  const { child, out, exited } = run([startScript], {
    PORT: String(port),
    AUTH_PORT: String(auth),
    LISTS_PORT: String(lists),
    OFFERS_PORT: String(offers),
    ENGINE_METRICS_PORT: String(engineMetrics),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    SKIP_BUILD: 'true', // API only: no front-end build
    LOG_LEVEL: 'warn',
    OFFERING_RATE_PER_CLIENT: '100000',
    SIGNIN_RATE_PER_CLIENT: '100000',
    VALIDATE_RATE_PER_CLIENT: '100000',
    OFFERING_CONFIRMATION_RATE_PER_CLIENT: '100000',
    PRODUCT_CREATION_LIMIT: '100000',
    MONGODB_URI: '',
    SMTP_URL: '',
    PUBLIC_URL: '',
  });
  const pids = () => Object.fromEntries([...out.text.matchAll(/\[wishlist\] (\w+) pid (\d+)/g)].map((m) => [m[1], Number(m[2])]));
  const stack = { base: `http://127.0.0.1:${port}`, child, out, exited, dataDir, pids };
  try {
    await waitFor(
      'the stack to start',
      async () => {
        const code = child.exitCode;
        if (code !== null) throw new Error(`start.mjs exited (${code}):\n${out.text.slice(-3000)}`);
        return /Wishlist is running at/.test(out.text);
      },
      150_000,
      250,
    );
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return stack;
}

