// Draining at SIGTERM, with the real signal to a real process: readiness turns 503 while the
// process still accepts, then new connections are refused, and every request in flight is answered.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const fixture = join(__dirname, '../test/fixture-main.ts');

function start(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    env: { ...process.env, JEST_WORKER_ID: '', LOG_LEVEL: 'info', IDENTITY_SECRET: 'x'.repeat(40), ...env },
    stdio: 'pipe',
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, output: () => out, exited };
}

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** One request on a new connection (no keep-alive pool): its status, headers and body, or the connection error code. */
function get(port: number, path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end();
  });
}

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'drain-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('draining on SIGTERM', () => {
  jest.setTimeout(60_000);

  it('turns not-ready, refuses new connections, answers every request in flight, then exits 0', async () => {
    const hold = join(dir, 'release');
    // The delay is the window in which a balancer sees the 503: long, so that a loaded machine
    // still probes inside it; the test waits on events (log lines, answers), never on the clock.
    const p = start({ HOLD_FILE: hold, SHUTDOWN_DELAY_MS: '8000', SHUTDOWN_GRACE_MS: '30000' });
    const port = await waitFor(() => /"port":(\d+)/.exec(p.output())?.[1]).then(Number);
    expect(await get(port, '/health/ready')).toMatchObject({ status: 200, body: JSON.stringify({ data: { service: 'fixture', ready: true } }) });

    const inFlight = [1, 2, 3].map((n) => get(port, `/hold/${n}`));
    await waitFor(() => (['holding 1', 'holding 2', 'holding 3'].every((s) => p.output().includes(s)) ? true : undefined));
    p.child.kill('SIGTERM');
    await waitFor(() => (p.output().includes('fixture draining') ? true : undefined));

    const notReady = await waitFor(async () => {
      const r = await get(port, '/health/ready');
      return 'status' in r && r.status === 503 ? r : undefined;
    });
    expect(JSON.parse(notReady.body)).toEqual({ data: { service: 'fixture', ready: false, reason: 'draining', reasons: ['draining'] } });
    expect(notReady.headers.connection).toBe('close');
    expect(await get(port, '/health')).toMatchObject({ status: 200 });

    // A connection that races the listener's close may be reset instead: wait for the refusal.
    const refused = await waitFor(async () => {
      const r = await get(port, '/health');
      return 'error' in r && r.error === 'ECONNREFUSED' ? r.error : undefined;
    });
    expect(refused).toBe('ECONNREFUSED');

    writeFileSync(hold, '');
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => ('status' in a ? [a.status, a.body] : a))).toEqual(
      [1, 2, 3].map((n) => [200, JSON.stringify({ data: `released ${n}` })]),
    );
    expect(await p.exited).toBe(0);
    expect(p.output()).toMatch(/fixture drained: every request answered/);
    // Both happened; their order in the output proves nothing (the logger writes asynchronously,
    // console.log synchronously), and runService awaits the drain before onShutdown.
    expect(p.output()).toMatch(/cleanup ran/);
  });

  it('a request still in flight when the grace runs out is cut, and the process exits all the same', async () => {
    const p = start({ HOLD_FILE: join(dir, 'never'), SHUTDOWN_GRACE_MS: '300' });
    const port = await waitFor(() => /"port":(\d+)/.exec(p.output())?.[1]).then(Number);
    const stuck = get(port, '/hold/9');
    await waitFor(() => (p.output().includes('holding 9') ? true : undefined));
    p.child.kill('SIGTERM');
    expect(await stuck).toEqual({ error: 'ECONNRESET' });
    expect(await p.exited).toBe(0);
    expect(p.output()).toMatch(/1 request\(s\) still in flight after 300 ms/);
  });
});
