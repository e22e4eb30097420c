// The processes of `npm run bench:growth`: the embedded engine (its CLI as `npm start` runs it,
// heap included) and the real auth, lists and offers services on it, each in its own process.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = resolve(__dirname, '../../../..');
const ENGINE = join(ROOT, 'services/embedded-mongo/bin/embedded-mongo.cjs');

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
export async function stop(child: ChildProcess, graceMs = 60_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited(child);
  clearTimeout(timer);
}

/** What `npm start` knows of the engine's process (scripts/engine-start.mjs): its flags, its progress lines. */
async function engineStart(): Promise<{ flags: string[]; isProgress: (line: string) => boolean }> {
  const mod = (await import(pathToFileURL(join(ROOT, 'scripts/engine-start.mjs')).href)) as {
    engineHeapMb: () => { mb: number };
    engineNodeFlags: (mb: number) => string[];
    parseProgress: (line: string) => unknown;
  };
  return { flags: mod.engineNodeFlags(mod.engineHeapMb().mb), isProgress: (line) => mod.parseProgress(line) !== null };
}

export interface EngineProcess {
  child: ChildProcess;
  uri: string;
  pid: number;
  /** From spawn to the URI line. */
  startMs: number;
  /** Loading progress lines the engine printed before its URI. */
  progressLines: number;
  /** Longest time without a progress line (or the URI) during the start: `npm start` gives up after 30 s. */
  longestSilenceMs: number;
  /** Resolves with the next line the engine prints that matches `pattern`. */
  nextLine(pattern: RegExp, timeoutMs: number): Promise<string>;
}

/**
 * Starts the engine on `dbPath`; resolves once it printed its address, or fails after
 * `silenceLimitMs` without progress. The bench waits far longer than `npm start` (30 s) so that a
 * slow load is measured, not lost; `longestSilenceMs` tells whether `npm start` would have waited.
 */
export async function startEngine(dbPath: string, logFile: string, silenceLimitMs = 15 * 60_000): Promise<EngineProcess> {
  const port = await freePort();
  const { flags, isProgress } = await engineStart();
  const started = Date.now();
  const child = spawn(process.execPath, [...flags, ENGINE, '--port', String(port), '--dbpath', dbPath, '--host', '127.0.0.1'], {
    cwd: ROOT,
    env: { ...process.env, METRICS_PORT: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stderr!.pipe(log);
  let buf = '';
  let progressLines = 0;
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  let onUri: (uri: string) => void = () => undefined;
  let lastProgress = Date.now();
  let longestSilenceMs = 0;
  const sign = () => {
    longestSilenceMs = Math.max(longestSilenceMs, Date.now() - lastProgress);
    lastProgress = Date.now();
  };
  child.stdout!.on('data', (d: Buffer) => {
    log.write(d);
    buf += d.toString('utf8');
    const lines = buf.split('\n');
    buf = lines.pop() ?? '';
    for (const line of lines) {
      if (isProgress(line)) {
        progressLines++;
        sign();
      }
      const m = /mongodb:\/\/\S+/.exec(line);
      if (m) onUri(m[0]);
      for (const w of waiters.filter((x) => x.pattern.test(line))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  const uri = await new Promise<string>((ok, fail) => {
    const watch = setInterval(() => {
      if (Date.now() - lastProgress <= silenceLimitMs) return;
      clearInterval(watch);
      fail(new Error(`the engine reported no progress for ${silenceLimitMs / 1000} s; see ${logFile}`));
    }, 1000);
    child.once('exit', (code, signal) => {
      clearInterval(watch);
      fail(new Error(`the engine exited at start (${code ?? signal}); see ${logFile}`));
    });
    onUri = (u) => {
      sign();
      clearInterval(watch);
      onUri = () => undefined;
      ok(u);
    };
  });
  return {
    child,
    uri,
    pid: child.pid!,
    startMs: Date.now() - started,
    progressLines,
    longestSilenceMs,
    nextLine(pattern, timeoutMs) {
      return new Promise((ok, fail) => {
        const timer = setTimeout(() => fail(new Error(`the engine printed no line matching ${pattern} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          pattern,
          resolve: (line) => {
            clearTimeout(timer);
            ok(line);
          },
        });
      });
    },
  };
}

/** CPU time (ms) the process has used so far, from /proc (Linux); NaN elsewhere. */
export function processCpuText(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
}

export interface Services {
  urls: { auth: string; lists: string; offers: string };
  children: ChildProcess[];
}

async function waitHealthy(url: string, child: ChildProcess, logFile: string, timeoutMs = 600_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url} exited before it answered; see ${logFile}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s; see ${logFile}`);
}

/** auth, lists and offers on `mongodbUri`, as `npm start` runs them (rate limits out of the way of the load). */
export async function startServices(mongodbUri: string, dataDir: string, identitySecret: string): Promise<Services> {
  const names = ['auth', 'lists', 'offers'] as const;
  const ports = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await freePort()] as const))) as Record<(typeof names)[number], number>;
  const urls = { auth: `http://127.0.0.1:${ports.auth}`, lists: `http://127.0.0.1:${ports.lists}`, offers: `http://127.0.0.1:${ports.offers}` };
  const shared = {
    DATA_DIR: dataDir,
    IDENTITY_SECRET: identitySecret,
    PUBLIC_URL: 'http://127.0.0.1:9',
    HOST: '127.0.0.1',
    METRICS_PORT: '',
    SHUTDOWN_DELAY_MS: '0',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    MONGODB_URI: mongodbUri,
    AUTH_URL: urls.auth,
    LISTS_URL: urls.lists,
    OFFERS_URL: urls.offers,
    PRODUCT_CREATION_LIMIT: '1000000',
    LIST_MISS_LIMIT: '1000000',
    OFFERING_RATE_PER_CLIENT: '1000000',
    OFFERING_CONFIRMATION_RATE_PER_CLIENT: '1000000',
  };
  const children = names.map((name) => {
    const logFile = join(dataDir, `${name}.log`);
    const log = createWriteStream(logFile, { flags: 'a' });
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: join(ROOT, 'services', name),
      env: { ...process.env, ...shared, PORT: String(ports[name]) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    return { name, child, logFile };
  });
  await Promise.all(children.map((c) => waitHealthy(`${urls[c.name]}/health`, c.child, c.logFile)));
  return { urls, children: children.map((c) => c.child) };
}
