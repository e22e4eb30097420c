import { spawn, type ChildProcess } from 'node:child_process';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';

const fixture = join(__dirname, '../test/fixture-main.ts');

function start(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], { env: { ...process.env, JEST_WORKER_ID: '', LOG_LEVEL: 'info', ...env }, stdio: 'pipe' });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, output: () => out, exited };
}

async function waitFor(check: () => boolean, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('runService', () => {
  jest.setTimeout(30_000);

  it('fails fast with every bad key listed', async () => {
    const p = start({ PORT: 'x', LOG_LEVEL: 'loud' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(/Invalid configuration for fixture/);
    expect(p.output()).toMatch(/PORT/);
    expect(p.output()).toMatch(/LOG_LEVEL/);
  });

  it('on SIGTERM finishes in-flight requests, runs cleanup and exits 0', async () => {
    const p = start({ IDENTITY_SECRET: 'x'.repeat(40) });
    await waitFor(() => /"port":\d+/.test(p.output()));
    const port = Number(/"port":(\d+)/.exec(p.output())![1]);
    const inFlight = fetch(`http://127.0.0.1:${port}/slow`).then((r) => r.json());
    await new Promise((r) => setTimeout(r, 100));
    p.child.kill('SIGTERM');
    await expect(inFlight).resolves.toEqual({ data: 'finished' });
    expect(await p.exited).toBe(0);
    expect(p.output()).toMatch(/cleanup ran/);
  });

  it('serves the metrics on METRICS_PORT instead of the service port, and refuses a bad one', async () => {
    const p = start({ IDENTITY_SECRET: 'x'.repeat(40), METRICS_PORT: '0' });
    await waitFor(() => /metrics on 127\.0\.0\.1:\d+\/metrics/.test(p.output()));
    const metricsPort = Number(/metrics on 127\.0\.0\.1:(\d+)\/metrics/.exec(p.output())![1]);
    const port = Number(/"port":(\d+)/.exec(p.output())![1]);
    expect(metricsPort).not.toBe(port);
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('service="fixture"');
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);

    const bad = start({ IDENTITY_SECRET: 'x'.repeat(40), METRICS_PORT: 'ninety' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/METRICS_PORT/);
  });

  it('listens on 127.0.0.1 unless HOST says otherwise', async () => {
    const p = start({ IDENTITY_SECRET: 'x'.repeat(40), HOST: '' });
    await waitFor(() => /"port":\d+/.test(p.output()));
    expect(p.output()).toMatch(/"host":"127\.0\.0\.1"/);
    const port = Number(/"port":(\d+)/.exec(p.output())![1]);
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    // Another interface of this machine (when it has one) is refused.
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (lan) await expect(fetch(`http://${lan.address}:${port}/health`)).rejects.toThrow();
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);

    const v6 = start({ IDENTITY_SECRET: 'x'.repeat(40), HOST: '::1' });
    await waitFor(() => /"port":\d+/.test(v6.output()));
    const port6 = Number(/"port":(\d+)/.exec(v6.output())![1]);
    expect((await fetch(`http://[::1]:${port6}/health`)).status).toBe(200);
    await expect(fetch(`http://127.0.0.1:${port6}/health`)).rejects.toThrow();
    v6.child.kill('SIGTERM');
    expect(await v6.exited).toBe(0);
  });

  it('warns loudly when IDENTITY_SECRET is missing in development', async () => {
    const p = start({ IDENTITY_SECRET: '' });
    await waitFor(() => /"port":\d+/.test(p.output()));
    expect(p.output()).toMatch(/IDENTITY_SECRET is not set/);
    p.child.kill('SIGINT');
    expect(await p.exited).toBe(0);
  });

  it('refuses to start in production without IDENTITY_SECRET', async () => {
    const p = start({ IDENTITY_SECRET: '', NODE_ENV: 'production' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(/Invalid configuration for fixture:\n {2}- IDENTITY_SECRET: must be set in production/);
  });
});
