// The engine process's own metrics: commands and their latency, journal size, compactions.
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { MongoClient } from 'mongodb';
import { serveEngineMetrics } from './metrics';
import { start } from './src/index';
import { removeTmpDirs, tmpDir } from './test/helpers';

afterAll(() => removeTmpDirs());

const BIN = path.join(__dirname, 'bin', 'embedded-mongo.cjs');

/** The value of the first sample of `name` whose labels contain every `labels` pair. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const line = text
    .split('\n')
    .find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line === undefined ? undefined : Number(line.split(' ').pop());
}

describe('engine metrics (in process)', () => {
  it('counts and times commands, and reports the journal and its compactions', async () => {
    const engine = await start({ port: 0, dbPath: tmpDir('metrics-'), compactBytes: 4096 });
    const metrics = await serveEngineMetrics(0);
    const client = await MongoClient.connect(engine.uri);
    try {
      const people = client.db('app').collection('people');
      const before = await (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text();
      const compactedBefore = sample(before, 'embedded_engine_compactions_total', { outcome: 'ok' }) ?? 0;
      for (let i = 0; i < 40; i++) await people.insertOne({ i, pad: 'x'.repeat(200) });
      await people.find({ i: { $gt: 3 } }).toArray();
      await client.db('app').command({ noSuchCommand: 1 }).catch(() => undefined);

      const res = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(sample(text, 'embedded_engine_commands_total', { command: 'insert', outcome: 'ok' })).toBeGreaterThanOrEqual(40);
      expect(sample(text, 'embedded_engine_commands_total', { command: 'find', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
      // An unknown command is counted, under a bounded label.
      expect(sample(text, 'embedded_engine_commands_total', { command: 'other', outcome: 'error' })).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain('noSuchCommand');
      expect(sample(text, 'embedded_engine_command_duration_seconds_count', { command: 'insert' })).toBeGreaterThanOrEqual(40);
      expect(text).toContain('# TYPE embedded_engine_command_duration_seconds histogram');
      // 40 journaled inserts of ~250 bytes went over the 4 kB compaction threshold at least once.
      expect(sample(text, 'embedded_engine_compactions_total', { outcome: 'ok' })! - compactedBefore).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'embedded_engine_compaction_duration_seconds_count')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'embedded_engine_snapshot_bytes')).toBeGreaterThan(0);
      expect(sample(text, 'embedded_engine_journal_bytes')).toBeGreaterThanOrEqual(0);
      expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
      expect((await fetch(`http://127.0.0.1:${metrics.port}/other`)).status).toBe(404);
    } finally {
      await client.close();
      await metrics.close();
      await engine.stop();
    }
  });
});

/** Starts the CLI; resolves with its URI and the metrics URL it prints. */
function startCli(env: Record<string, string>, dbPath: string): Promise<{ child: ChildProcess; uri: string; metricsUrl: string }> {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--dbpath', dbPath], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    const check = () => {
      const uri = /mongodb:\/\/\S+/.exec(out)?.[0];
      const metricsUrl = /http:\/\/\S+\/metrics/.exec(err)?.[0];
      if (uri && metricsUrl) resolve({ child, uri, metricsUrl });
    };
    child.stdout.on('data', (d) => {
      out += d;
      check();
    });
    child.stderr.on('data', (d) => {
      err += d;
      check();
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
  });
}

describe('engine metrics (the CLI, as npm start runs it)', () => {
  it('serves GET /metrics on METRICS_PORT', async () => {
    const { child, uri, metricsUrl } = await startCli({ METRICS_PORT: '0' }, tmpDir('metrics-cli-'));
    const exited = new Promise((r) => child.once('exit', r));
    try {
      const client = await MongoClient.connect(uri);
      await client.db('app').collection('c').insertOne({ a: 1 });
      await client.close();
      const text = await (await fetch(metricsUrl)).text();
      expect(sample(text, 'embedded_engine_commands_total', { command: 'insert', outcome: 'ok', service: 'engine' })).toBe(1);
      expect(sample(text, 'embedded_engine_journal_bytes')).toBeGreaterThan(0);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('refuses a METRICS_PORT that is not a port, before starting', async () => {
    const child = spawn(process.execPath, [BIN, '--port', '0'], { env: { ...process.env, METRICS_PORT: 'nine' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const code = await new Promise((r) => child.once('exit', r));
    expect(code).toBe(1);
    expect(err).toMatch(/METRICS_PORT must be a port number/);
  });
});
