// `npm start`: the whole product on one port, nothing but npm packages.
// Builds stale front ends, starts the embedded database engine (unless MONGODB_URI is set),
// every service under services/, then the gateway; stops them all on Ctrl-C / SIGTERM.
// dev.mjs reuses the exported pieces.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeProgress, ENGINE_SILENCE_LIMIT_MS, engineHeapMb, engineNodeFlags, parseProgress, silenceWatchdog } from './engine-start.mjs';

export const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Backend services started before the gateway (only those present under services/). */
export const SERVICES = [
  { name: 'auth', port: 4001, urlEnv: 'AUTH_URL', portEnv: 'AUTH_PORT' },
  { name: 'lists', port: 4002, urlEnv: 'LISTS_URL', portEnv: 'LISTS_PORT' },
  { name: 'offers', port: 4003, urlEnv: 'OFFERS_URL', portEnv: 'OFFERS_PORT' },
];

export const log = (msg) => console.log(`\x1b[1m[wishlist]\x1b[0m ${msg}`);
export const fail = (msg) => console.error(`\x1b[31m[wishlist] ${msg}\x1b[0m`);

const readJson = (p) => JSON.parse(readFileSync(p, 'utf8'));

/** Front-end workspaces (shell, remote-*) that have a script `name` in package.json. */
export function frontendWorkspaces(script = 'build') {
  const { workspaces } = readJson(join(root, 'package.json'));
  return workspaces
    .filter((w) => w === 'shell' || w.startsWith('remote-'))
    .filter((w) => existsSync(join(root, w, 'package.json')) && readJson(join(root, w, 'package.json')).scripts?.[script]);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-dev' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Why `ws` needs a build, or null when its dist is newer than its sources and the shared packages. */
export function staleReason(ws, distDir = 'dist') {
  const dir = join(root, ws);
  const marker = ['index.html', 'mf-manifest.json'].map((f) => join(dir, distDir, f)).find((f) => existsSync(f));
  if (!marker) return 'no build yet';
  const built = statSync(marker).mtimeMs;
  const sources = [dir, ...readdirSync(join(root, 'shared')).filter((s) => s !== 'service-kit').map((s) => join(root, 'shared', s))];
  const changed = sources.find((s) => newestMtime(s) > built);
  return changed ? `sources changed (${changed.slice(root.length + 1)})` : null;
}

export function buildFrontends(workspaces = frontendWorkspaces('build')) {
  for (const ws of workspaces) {
    const why = staleReason(ws);
    if (!why) continue;
    log(`building ${ws}: ${why}`);
    const r = spawnSync('npm', ['run', 'build', '-w', ws], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) {
      fail(`the build of ${ws} failed (npm run build -w ${ws}); fix it and run npm start again.`);
      process.exit(1);
    }
  }
}

/**
 * The browser extension, built for this server (PUBLIC_URL, else the gateway's address) so the
 * packages the gateway offers under /downloads/ talk to the server that offers them. Rebuilt when
 * missing, when its sources changed, or when it was built for another address. A failed build only
 * leaves the downloads missing: the site starts anyway.
 */
export function buildExtension(serverUrl) {
  const dir = join(root, 'extension');
  if (!existsSync(join(dir, 'package.json'))) return;
  const zip = join(dir, 'release', 'chrome.zip');
  const manifest = join(dir, 'dist', 'manifest.json');
  let why = null;
  if (!existsSync(zip) || !existsSync(manifest)) why = 'no build yet';
  else if (readJson(manifest).host_permissions?.[0] !== `${new URL(serverUrl).origin}/*`) why = `built for another server than ${serverUrl}`;
  else {
    const built = statSync(zip).mtimeMs;
    const changed = [dir, join(root, 'shared', 'contracts'), join(root, 'shared', 'api-client')].find((s) => newestMtime(s) > built);
    if (changed) why = `sources changed (${changed.slice(root.length + 1)})`;
  }
  if (!why) return;
  log(`building the browser extension for ${serverUrl}: ${why}`);
  const r = spawnSync('npm', ['run', 'build', '-w', 'extension'], { cwd: root, stdio: 'inherit', env: { ...process.env, WISHLIST_SERVER_URL: serverUrl } });
  if (r.status !== 0) fail('the browser extension did not build (npm run build -w extension): /downloads/ will answer 404.');
}

export function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

export function portIsFree(port) {
  return new Promise((res) => {
    const s = createServer();
    s.once('error', () => res(false));
    s.listen(port, () => s.close(() => res(true)));
  });
}

/** Children, in start order; stopped in reverse. */
export const children = [];
let shuttingDown = false;

/**
 * Restart policy once the stack is up (`supervise()`): a child that exits is started again with
 * the same command, port and data, after 100 ms doubling to 5 s; the delay starts again from
 * 100 ms once the child has stayed up for 10 s. A child that dies within 10 s of its start
 * 10 times in a row (about 30 s of trying) is broken, not unlucky: the whole stack stops with
 * exit code 1. Before the stack is up, any exit is a startup failure and stops everything.
 */
export const RESTART = { firstDelayMs: 100, maxDelayMs: 5_000, healthyAfterMs: 10_000, maxQuickCrashes: 10 };

function prefixLines(stream, name, out) {
  let buf = '';
  stream.on('data', (d) => {
    buf += d;
    const lines = buf.split('\n');
    buf = lines.pop();
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
}

const describeExit = ({ code, signal }) => (signal ? `signal ${signal}` : `exit code ${code}`);

/**
 * Starts a child; its output is prefixed. Until `supervise()` an unexpected exit stops the whole
 * stack; after it, the child is restarted (RESTART). `entry.child`, `entry.exit` and
 * `entry.exited` always describe the current process.
 */
// `group`: the child leads its own process group and signals go to the whole group (npm does not
// pass SIGTERM on to the script it runs). tsx children get the signal themselves: tsx relays it.
// `healthUrl`: polled after a restart, to log when the child answers again.
export function startChild(name, cmd, args, { cwd = root, env = {}, onLine, group = false, healthUrl } = {}) {
  const entry = { name, healthUrl, child: null, exited: false, exit: null, supervised: false, restarts: 0, crashesInARow: 0, startedAt: 0, stoppedAt: 0, timer: null };
  entry.signal = (sig) => {
    try {
      if (group) process.kill(-entry.child.pid, sig);
      else entry.child.kill(sig);
    } catch {
      // already gone
    }
  };
  const spawnIt = () => {
    // WISHLIST_SUPERVISOR_PID: a child stops by itself if this process is killed outright.
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env, WISHLIST_SUPERVISOR_PID: String(process.pid) }, stdio: ['ignore', 'pipe', 'pipe'], detached: group });
    entry.child = child;
    entry.exited = false;
    entry.startedAt = Date.now();
    entry.exit = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
    prefixLines(child.stdout, name, process.stdout);
    prefixLines(child.stderr, name, process.stderr);
    if (onLine) child.stdout.on('data', (d) => String(d).split('\n').forEach(onLine));
    child.once('error', (err) => fail(`${name} could not start: ${err.message}`));
    if (child.pid) log(`${name} pid ${child.pid}${entry.restarts ? ` (restart ${entry.restarts})` : ''}`);
    if (entry.restarts && healthUrl) {
      const since = entry.stoppedAt;
      waitHealthy(name, healthUrl, entry).then(
        () => log(`${name} answers again, ${Date.now() - since} ms after it stopped`),
        () => undefined, // it died again: its exit is reported
      );
    }
    entry.exit.then((status) => {
      entry.exited = true;
      if (shuttingDown || entry.child !== child) return;
      if (!entry.supervised) {
        fail(`${name} stopped unexpectedly (${describeExit(status)}); stopping everything.`);
        void stopAll(1);
        return;
      }
      entry.stoppedAt = Date.now();
      // Crashes in a row: a child that had stayed up RESTART.healthyAfterMs starts a new series.
      const quick = Date.now() - entry.startedAt < RESTART.healthyAfterMs;
      entry.crashesInARow = quick ? entry.crashesInARow + 1 : 1;
      if (entry.crashesInARow > RESTART.maxQuickCrashes) {
        fail(`${name} stopped unexpectedly (${describeExit(status)}); its last ${RESTART.maxQuickCrashes} restarts each died within ${RESTART.healthyAfterMs / 1000} s: stopping everything.`);
        void stopAll(1);
        return;
      }
      const delay = Math.min(RESTART.firstDelayMs * 2 ** (entry.crashesInARow - 1), RESTART.maxDelayMs);
      fail(`${name} stopped unexpectedly (${describeExit(status)}); restarting it in ${delay} ms.`);
      entry.timer = setTimeout(() => {
        entry.timer = null;
        if (shuttingDown) return;
        entry.restarts++;
        spawnIt();
      }, delay);
    });
  };
  spawnIt();
  children.push(entry);
  return entry;
}

/** From now on a child that exits is restarted instead of stopping the stack (RESTART). */
export function supervise() {
  for (const entry of children) entry.supervised = true;
}

export async function stopAll(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const entry of [...children].reverse()) {
    if (entry.timer) clearTimeout(entry.timer);
    if (entry.exited) continue;
    entry.signal('SIGTERM');
    const timer = setTimeout(() => {
      fail(`${entry.name} did not stop within 15 s; killing it.`);
      entry.signal('SIGKILL');
    }, 15_000);
    await entry.exit;
    clearTimeout(timer);
    log(`${entry.name} stopped`);
  }
  if (engineUriFile) rmSync(engineUriFile, { force: true });
  process.exit(code);
}

export function handleSignals() {
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.on(sig, () => {
      if (!shuttingDown) log(`${sig}: stopping`);
      void stopAll(0);
    });
  }
}

/** Polls GET url until 200 (or the child dies / time runs out). */
export async function waitHealthy(name, url, entry, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (entry?.exited) throw new Error(`${name} exited before it was ready`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} was not healthy at ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Where the engine serves its own Prometheus metrics (GET /metrics, 127.0.0.1 only):
 * ENGINE_METRICS_PORT, default 4009; `off` (or a port in use) serves none.
 */
export async function engineMetricsPort() {
  const raw = process.env.ENGINE_METRICS_PORT || '4009';
  if (raw === 'off') return null;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) throw new Error(`ENGINE_METRICS_PORT must be a port number or off, not "${raw}"`);
  if (!(await portIsFree(port))) {
    fail(`port ${port} (engine metrics) is in use: the engine serves no metrics (set ENGINE_METRICS_PORT)`);
    return null;
  }
  return port;
}

/**
 * Where the running engine's address is left for `npm run db:backup` / `db:migrate`
 * (tools/db-ops), which read a running product through it; removed when the stack stops.
 */
export const ENGINE_URI_FILE = 'engine.uri';
let engineUriFile = null;

/**
 * Starts the embedded engine CLI on a free port; resolves to its URI (also written to
 * DATA_DIR/engine.uri). Its heap is sized from this machine's memory (engineHeapMb). A large
 * database takes a while to load: start waits as long as the engine reports progress
 * (`embedded-mongo: loading <done>/<total> records`), showing how far it is, and gives up only
 * after ENGINE_SILENCE_LIMIT_MS without any.
 */
export async function startEngine(dataDir) {
  const metricsPort = await engineMetricsPort();
  const bin = join(root, 'services/embedded-mongo/bin/embedded-mongo.cjs');
  if (!existsSync(bin)) throw new Error('services/embedded-mongo is missing: set MONGODB_URI to use a MongoDB server');
  const heap = engineHeapMb();
  log(`embedded engine heap: ${heap.mb.toLocaleString('en-US')} MB (${heap.source}; ENGINE_MAX_HEAP_MB overrides)`);
  const port = await freePort();
  mkdirSync(join(dataDir, 'db'), { recursive: true });
  let resolveUri;
  const uri = new Promise((r) => (resolveUri = r));
  let rejectSilent;
  const silent = new Promise((_, rej) => (rejectSilent = rej));
  const watchdog = silenceWatchdog(ENGINE_SILENCE_LIMIT_MS, () =>
    rejectSilent(new Error(`the embedded engine neither reported loading progress nor printed its address for ${ENGINE_SILENCE_LIMIT_MS / 1000} s`)),
  );
  let lastProgress = '';
  // Fixed port and dbpath: a restarted engine comes back where the services' MONGODB_URI points.
  const entry = startChild('engine', process.execPath, [...engineNodeFlags(heap.mb), bin, '--port', String(port), '--dbpath', join(dataDir, 'db'), '--host', '127.0.0.1'], {
    env: { METRICS_PORT: metricsPort === null ? '' : String(metricsPort) },
    onLine: (line) => {
      const progress = parseProgress(line);
      if (progress) {
        // Only a count that moves is progress (a restarted engine starts again from 0).
        const at = `${progress.phase} ${progress.done}`;
        if (at !== lastProgress) watchdog.progress();
        lastProgress = at;
        log(describeProgress(progress));
        return;
      }
      const m = /mongodb:\/\/\S+/.exec(line);
      if (!m) return;
      lastProgress = '';
      resolveUri(m[0]);
      if (entry.restarts) log(`engine answers again, ${Date.now() - entry.stoppedAt} ms after it stopped`);
    },
  });
  const died = entry.exit.then(() => {
    throw new Error('the embedded engine exited at start');
  });
  try {
    const address = await Promise.race([uri, silent, died]);
    engineUriFile = join(dataDir, ENGINE_URI_FILE);
    writeFileSync(engineUriFile, `${address}\n`, { mode: 0o600 });
    return address;
  } finally {
    watchdog.stop();
  }
}

const ANY_ADDRESS = ['0.0.0.0', '::'];
const isLoopback = (host) => host === 'localhost' || host === '::1' || /^127\./.test(host);
const urlHost = (host) => (host.includes(':') ? `[${host}]` : host);

/** The gateway's address: HOST, default 127.0.0.1 (this machine only). The services always listen on 127.0.0.1. */
export const gatewayHost = () => process.env.HOST || '127.0.0.1';

/** The address people open: localhost for a loopback or every-interface HOST, else HOST itself. */
export function gatewayUrl(host, port) {
  return ANY_ADDRESS.includes(host) || isLoopback(host) ? `http://localhost:${port}` : `http://${urlHost(host)}:${port}`;
}

/**
 * Starts auth/lists/offers (those present) and the gateway; waits until all are healthy.
 * `watch`: the boxes (service names, `gateway`) run under `node --watch`, restarted alone when a
 * file they import changes (npm run dev).
 */
export async function startBackend({ gatewayEnv = {}, watch = new Set() } = {}) {
  const dataDir = resolve(root, process.env.DATA_DIR || '.data');
  const gatewayPort = Number(process.env.PORT || 8080);
  const host = gatewayHost();
  const url = gatewayUrl(host, gatewayPort);
  const identitySecret = process.env.IDENTITY_SECRET || randomBytes(32).toString('hex');
  // A service is started once it has its entry point (work in progress is skipped).
  const present = SERVICES.filter((s) => existsSync(join(root, 'services', s.name, 'src/main.ts')));
  const ports = Object.fromEntries(SERVICES.map((s) => [s.name, Number(process.env[s.portEnv] || s.port)]));
  for (const [name, port] of [...present.map((s) => [s.name, ports[s.name]]), ['gateway', gatewayPort]]) {
    if (!(await portIsFree(port))) throw new Error(`port ${port} (${name}) is already in use; stop what uses it or set ${name === 'gateway' ? 'PORT' : `${name.toUpperCase()}_PORT`}`);
  }
  const shared = {
    DATA_DIR: dataDir,
    IDENTITY_SECRET: identitySecret,
    GATEWAY_PORT: String(gatewayPort),
    PUBLIC_URL: process.env.PUBLIC_URL || url,
    // The services are internal: only the gateway (and this machine) may reach them.
    HOST: '127.0.0.1',
    // Each box serves GET /metrics on its own port: one METRICS_PORT cannot serve several processes.
    METRICS_PORT: '',
    // No load balancer to warn before a stop: Ctrl-C drains each process without waiting.
    SHUTDOWN_DELAY_MS: '0',
    ...Object.fromEntries(SERVICES.map((s) => [s.urlEnv, `http://127.0.0.1:${ports[s.name]}`])),
  };
  if (process.env.MONGODB_URI) {
    log('using MongoDB from MONGODB_URI');
  } else {
    shared.MONGODB_URI = await startEngine(dataDir);
    log(`embedded database engine at ${shared.MONGODB_URI} (files in ${join(dataDir, 'db')})`);
  }
  log(process.env.SMTP_URL ? 'mail: SMTP_URL' : `mail: local outbox (${join(dataDir, 'outbox/mails.jsonl')}, GET /dev/mails)`);

  const runTs = (name, port, extra = {}) => {
    const dir = join(root, 'services', name);
    const env = { ...shared, ...extra, PORT: String(port) };
    const probeHost = name === 'gateway' && !ANY_ADDRESS.includes(host) ? urlHost(host) : '127.0.0.1';
    const healthUrl = `http://${probeHost}:${port}/health`;
    return existsSync(join(dir, 'src/main.ts'))
      ? // tsx as a loader inside the one node process: its CLI wrapper would relay signals and
        // SIGKILL a service that does not acknowledge within 30 ms (a loaded machine), cutting
        // graceful shutdown short.
        startChild(name, process.execPath, [...(watch.has(name) ? ['--watch'] : []), '--import', 'tsx', 'src/main.ts'], { cwd: dir, env, healthUrl })
      : startChild(name, 'npm', ['start', '-w', `services/${name}`], { env, group: true, healthUrl });
  };
  const started = present.map((s) => ({ name: s.name, port: ports[s.name], entry: runTs(s.name, ports[s.name]) }));
  await Promise.all(started.map((s) => waitHealthy(s.name, `http://127.0.0.1:${s.port}/health`, s.entry)));
  const gateway = runTs('gateway', gatewayPort, { HOST: host, ...gatewayEnv });
  await waitHealthy('gateway', gateway.healthUrl, gateway);
  return { gatewayPort, host, url, services: started.map((s) => s.name) };
}

async function main() {
  handleSignals();
  // SKIP_BUILD=true: serve whatever dist/ holds (API-only runs, such as the supervisor test).
  if (/^(1|true)$/i.test(process.env.SKIP_BUILD ?? '')) log('SKIP_BUILD: front ends not built');
  else {
    buildFrontends();
    buildExtension(process.env.PUBLIC_URL || gatewayUrl(gatewayHost(), Number(process.env.PORT || 8080)));
  }
  try {
    const { host, url, services } = await startBackend();
    supervise();
    log(`services: ${['gateway', ...services].join(', ')}${services.length < SERVICES.length ? ' (the others are not written yet)' : ''}`);
    log(`a process that stops is restarted (${RESTART.firstDelayMs} ms, doubling to ${RESTART.maxDelayMs / 1000} s)`);
    const where = ANY_ADDRESS.includes(host) ? `\n  (listening on every interface: HOST=${host})` : '';
    console.log(`\n  Wishlist is running at ${url}${where}\n  (Ctrl-C to stop)\n`);
  } catch (err) {
    fail(err.message);
    await stopAll(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
