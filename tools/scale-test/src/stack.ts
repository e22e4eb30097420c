// The stack of the scale test on one machine: the embedded engine once, two copies of each
// service, two gateways that each name both copies of every service, each box its own process
// started as `npm start` starts it (node --import tsx src/main.ts). A box's output goes to its log
// file under the run's directory, read when something fails.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../../..');

/** Ports 29100-29199 belong to this test. */
export const PORTS = {
  engine: 29100,
  auth: [29111, 29112],
  lists: [29121, 29122],
  offers: [29131, 29132],
  gateway: [29141, 29142],
  balancer: 29150,
} as const;

export type ServiceName = 'auth' | 'lists' | 'offers';
export const SERVICES: readonly ServiceName[] = ['auth', 'lists', 'offers'];

const origin = (port: number) => `http://127.0.0.1:${port}`;
export const copiesOf = (service: ServiceName) => PORTS[service].map(origin).join(',');

export class Box {
  private child?: ChildProcess;
  private exited?: Promise<void>;
  starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly cwd: string,
    private readonly env: Record<string, string>,
    private readonly logDir: string,
  ) {}

  get url(): string {
    return origin(this.port);
  }

  /** Starts the process and waits until GET /health/ready answers 200. */
  async start(timeoutMs = 90_000): Promise<void> {
    this.starts++;
    const log = createWriteStream(join(this.logDir, `${this.name}.log`), { flags: 'a' });
    log.write(`--- start ${this.starts} at ${new Date().toISOString()}\n`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: this.cwd,
      // WISHLIST_SUPERVISOR_PID: the box stops by itself if this test is killed outright.
      env: { ...process.env, ...this.env, PORT: String(this.port), WISHLIST_SUPERVISOR_PID: String(process.pid) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    this.child = child;
    this.exited = new Promise((r) => child.once('exit', () => r()));
    await waitReady(this.name, `${this.url}/health/ready`, () => child.exitCode !== null || child.signalCode !== null, timeoutMs);
  }

  /** SIGTERM (the box drains), then waits for the exit. */
  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    const killer = setTimeout(() => this.child?.kill('SIGKILL'), 30_000);
    this.child.kill('SIGTERM');
    await this.exited;
    clearTimeout(killer);
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }
}

export async function waitReady(name: string, url: string, died: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (died()) throw new Error(`${name} exited before it was ready (see its log)`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs / 1000} s`);
}

/** Starts the embedded engine; resolves with its URI. */
export function startEngine(dataDir: string, logDir: string): Promise<{ uri: string; stop(): Promise<void> }> {
  mkdirSync(join(dataDir, 'db'), { recursive: true });
  mkdirSync(logDir, { recursive: true });
  const bin = join(ROOT, 'services/embedded-mongo/bin/embedded-mongo.cjs');
  const child = spawn(process.execPath, [bin, '--port', String(PORTS.engine), '--dbpath', join(dataDir, 'db'), '--host', '127.0.0.1'], {
    env: { ...process.env, METRICS_PORT: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(join(logDir, 'engine.log'));
  child.stderr.pipe(log);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolveUri, reject) => {
    const timer = setTimeout(() => reject(new Error('the embedded engine did not print its URI within 60 s')), 60_000);
    child.once('exit', () => reject(new Error('the embedded engine exited at start (see engine.log)')));
    let seen = '';
    child.stdout.on('data', (d: Buffer) => {
      log.write(d);
      seen += String(d);
      const m = /mongodb:\/\/\S+/.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolveUri({ uri: m[0], stop });
      }
    });
  });
}

export interface StackOptions {
  runDir: string;
  mongodbUri: string;
  publicUrl: string;
  /** Where each gateway serves remote-content from (one live directory per gateway). */
  remoteContentDirs: readonly [string, string];
}

export interface Stack {
  services: Box[];
  gateways: Box[];
  /** Every box, in the order of a rolling restart: each service copy, then each gateway. */
  all: Box[];
}

/** Settings of every box: one identity secret, one outbox, limits no test client reaches alone. */
function commonEnv(o: StackOptions, secret: string): Record<string, string> {
  return {
    IDENTITY_SECRET: secret,
    MONGODB_URI: o.mongodbUri,
    DATA_DIR: join(o.runDir, 'data'),
    PUBLIC_URL: o.publicUrl,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    METRICS_PORT: '',
    NODE_ENV: 'development',
    AUTH_URL: copiesOf('auth'),
    LISTS_URL: copiesOf('lists'),
    OFFERS_URL: copiesOf('offers'),
    // Every client of this test comes from 127.0.0.1: per-client limits are out of its way.
    SIGNIN_RATE_PER_CLIENT: '100000',
    SIGNIN_RATE_PER_ADDRESS: '1000',
    VALIDATE_RATE_PER_CLIENT: '100000',
    OFFERING_RATE_PER_CLIENT: '100000',
    OFFERING_CONFIRMATION_RATE_PER_CLIENT: '100000',
    PRODUCT_CREATION_LIMIT: '100000',
    LIST_MISS_LIMIT: '100000',
    VITE_DEACTIVATE_AFFILIATION: 'true',
    // As in compose: longer than a kept-alive connection's idle time in the gateway (4 s) and the
    // balancer, so every idle connection to a draining copy is closed by its client, never under
    // a write the client is sending on it.
    SHUTDOWN_DELAY_MS: '5000',
  };
}

export function defineStack(o: StackOptions, secret: string): Stack {
  const logDir = join(o.runDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  mkdirSync(join(o.runDir, 'data'), { recursive: true });
  const env = commonEnv(o, secret);
  const services = SERVICES.flatMap((s) => PORTS[s].map((port, i) => new Box(`${s}-${i + 1}`, port, join(ROOT, 'services', s), env, logDir)));
  const none = join(o.runDir, 'none');
  const gateways = PORTS.gateway.map(
    (port, i) =>
      new Box(
        `gateway-${i + 1}`,
        port,
        join(ROOT, 'services/gateway'),
        {
          ...env,
          // One hop in front: the balancer, which appends the client's address.
          TRUST_PROXY: '1',
          // The balancer takes a draining gateway out within two of its 1 s checks (the delay of
          // every box, commonEnv, covers it).
          SHELL_DIST: none,
          REMOTE_AUTH_DIST: none,
          REMOTE_LISTS_DIST: none,
          REMOTE_BASKET_OFFER_DIST: none,
          REMOTE_CONTENT_DIST: o.remoteContentDirs[i],
        },
        logDir,
      ),
  );
  return { services, gateways, all: [...services, ...gateways] };
}
