// Prometheus metrics of the engine process (`npm start` runs the engine as its own process):
// served at GET /metrics on METRICS_PORT when the CLI is given one (bin/embedded-mongo.cjs).
//
// Why the engine serves its own: its journal and compactions live in this process only, and the
// services see just their own commands. The counters are taken around the engine's two entry
// points (Engine#handle for every command, Storage#compact for compactions) and its storage
// statistics (Storage#stats), without changing the engine itself.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { Engine } from './src/engine';
import { Storage } from './src/storage';
import type { Doc } from './src/values';

/** Command names reported as themselves; any other is `other` (bounded labels). */
const KNOWN_COMMANDS = new Set([
  'hello',
  'ismaster',
  'isMaster',
  'ping',
  'buildInfo',
  'create',
  'createIndexes',
  'listIndexes',
  'dropIndexes',
  'listCollections',
  'listDatabases',
  'insert',
  'find',
  'getMore',
  'killCursors',
  'update',
  'delete',
  'findAndModify',
  'aggregate',
  'count',
  'distinct',
  'drop',
  'dropDatabase',
  'endSessions',
  'commitTransaction',
  'abortTransaction',
  'serverStatus',
  'dbStats',
  'collStats',
]);

export const engineRegistry = new Registry();
engineRegistry.setDefaultLabels({ service: 'engine' });

const commands = new Counter({
  name: 'embedded_engine_commands_total',
  help: 'Commands the embedded engine answered, by command and outcome (ok, error)',
  labelNames: ['command', 'outcome'],
  registers: [engineRegistry],
});
const latency = new Histogram({
  name: 'embedded_engine_command_duration_seconds',
  help: 'Time the embedded engine took to answer a command (journal write included), by command',
  labelNames: ['command'],
  buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [engineRegistry],
});
const compactions = new Counter({
  name: 'embedded_engine_compactions_total',
  help: 'Journal compactions (a snapshot written, a fresh journal started), by outcome',
  labelNames: ['outcome'],
  registers: [engineRegistry],
});
const compactionDuration = new Histogram({
  name: 'embedded_engine_compaction_duration_seconds',
  help: 'Time a journal compaction took (written in the background, a slice of a few milliseconds at a time)',
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [engineRegistry],
});

/** The engines of this process that have answered something (the CLI runs one). */
const engines = new Set<Engine>();
const storageStat = (key: 'journalBytes' | 'snapshotBytes') => {
  let total = 0;
  for (const e of engines) total += e.storage?.stats[key] ?? 0;
  return total;
};
new Gauge({
  name: 'embedded_engine_journal_bytes',
  help: 'Size of the current journal (compacted into a snapshot once large)',
  registers: [engineRegistry],
  collect() {
    this.set(storageStat('journalBytes'));
  },
});
new Gauge({
  name: 'embedded_engine_snapshot_bytes',
  help: 'Size of the last snapshot',
  registers: [engineRegistry],
  collect() {
    this.set(storageStat('snapshotBytes'));
  },
});

let instrumented = false;

/** Counts and times every command and compaction of the engines of this process (once). */
export function instrumentEngine(): void {
  if (instrumented) return;
  instrumented = true;
  collectDefaultMetrics({ register: engineRegistry });
  const handle = Engine.prototype.handle;
  Engine.prototype.handle = async function (this: Engine, cmd: Doc, conn) {
    engines.add(this);
    const name = Object.keys(cmd)[0] ?? '';
    const command = KNOWN_COMMANDS.has(name) ? name : 'other';
    const stop = latency.startTimer({ command });
    try {
      const reply = await handle.call(this, cmd, conn);
      commands.inc({ command, outcome: reply.ok === 1 ? 'ok' : 'error' });
      return reply;
    } catch (err) {
      commands.inc({ command, outcome: 'error' });
      throw err;
    } finally {
      stop();
    }
  };
  const background = Storage.prototype.compactInBackground;
  Storage.prototype.compactInBackground = function (this: Storage) {
    const stop = compactionDuration.startTimer();
    const run = background.call(this);
    run.then(
      () => compactions.inc({ outcome: 'ok' }),
      () => compactions.inc({ outcome: 'failed' }),
    ).finally(stop);
    return run;
  };
  const compact = Storage.prototype.compact;
  Storage.prototype.compact = function (this: Storage) {
    const stop = compactionDuration.startTimer();
    try {
      compact.call(this);
      compactions.inc({ outcome: 'ok' });
    } catch (err) {
      compactions.inc({ outcome: 'failed' });
      throw err;
    } finally {
      stop();
    }
  };
}

/** GET /metrics (Prometheus text) on `port`; anything else is a 404. */
export async function serveEngineMetrics(port: number, host = '127.0.0.1'): Promise<{ port: number; server: Server; close(): Promise<void> }> {
  instrumentEngine();
  const server = createServer((req, res) => {
    if ((req.url ?? '').split('?')[0] !== '/metrics' || req.method !== 'GET') {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }));
      return;
    }
    engineRegistry.metrics().then(
      (body) => {
        res.writeHead(200, { 'content-type': engineRegistry.contentType, 'cache-control': 'no-store' });
        res.end(body);
      },
      () => {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: { code: 'internal', message: 'The metrics could not be collected.' } }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.unref();
  return {
    port: (server.address() as AddressInfo).port,
    server,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * The CLI's hook (bin/embedded-mongo.cjs): METRICS_PORT (0-65535) on the engine's `--host`
 * (default 127.0.0.1). A bad value stops the process with a message, before anything starts; a
 * port already in use only leaves the engine without metrics.
 */
export function serveEngineMetricsFromEnv(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): void {
  const raw = env.METRICS_PORT ?? '';
  if (raw === '') return;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) {
    process.stderr.write(`embedded-mongo: METRICS_PORT must be a port number (0-65535), not "${raw}"\n`);
    process.exit(1);
  }
  const i = argv.indexOf('--host');
  const host = i >= 0 && argv[i + 1] ? argv[i + 1] : '127.0.0.1';
  instrumentEngine();
  serveEngineMetrics(port, host).then(
    (m) => process.stderr.write(`embedded-mongo: metrics on http://${host.includes(':') ? `[${host}]` : host}:${m.port}/metrics\n`),
    // The database matters more than its metrics: it runs on without them.
    (err: Error) => process.stderr.write(`embedded-mongo: no metrics, ${host}:${port} could not be used: ${err.message}\n`),
  );
}
