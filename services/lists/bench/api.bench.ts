// npm run bench:api — requests/s of GET /api/product-lists/{id} (a list of 50 products) through
// the gateway, and of a bare Node HTTP server answering the same bytes from memory, measured in
// the same run, and their ratio (target: at least 0.25). Prints figures; asserts nothing.
//
// Each server runs in its own process, as in production: the lists service on a memory-only
// embedded engine, the gateway (services/gateway/src/main.ts), and the bare server. autocannon
// runs here. The reads are anonymous (a shared link), so the gateway's shared cache answers most
// of them (the lists service allows it with `s-maxage`); the same gateway with its cache off is
// measured too, for comparison. Logs are on, at the level of BENCH_LOG_LEVEL (default info), sent to /dev/null.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { IDENTITY_HEADER, signIdentity } from '@wishlist/service-kit';

const ROOT = resolve(__dirname, '../../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PRODUCTS = 50;
const TARGET = 0.25;

const children: ChildProcess[] = [];
const secret = randomBytes(32).toString('hex');
const workDir = mkdtempSync(join(tmpdir(), 'wishlist-bench-api-'));

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

function startChild(name: string, command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', IDENTITY_SECRET: secret, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`${name} exited early (${code ?? signal})`);
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function call(url: string, init: RequestInit): Promise<{ data: { id: string } }> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: { id: string } };
}

/** One list of 50 products, through the lists service's own API. */
async function seed(listsUrl: string): Promise<string> {
  const headers = {
    'content-type': 'application/json',
    [IDENTITY_HEADER]: await signIdentity({ userId: '65f000000000000000000001', lang: 'en' }, { secret, expiresInSeconds: 600 }),
  };
  const list = await call(`${listsUrl}/api/product-lists`, { method: 'POST', headers, body: JSON.stringify({ name: 'Bench: fifty gifts' }) });
  for (let i = 1; i <= PRODUCTS; i++) {
    await call(`${listsUrl}/api/products-in-lists`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: `Gift number ${i}, a product with a realistic name of some length`,
        image: `https://images.shop.example/products/${i}/large-picture.jpg?w=600&h=600`,
        price: 1000 + i * 137,
        url: `https://www.shop.example/catalogue/gift-${i}?ref=wishlist&utm_source=bench`,
        productListId: list.data.id,
      }),
    });
  }
  return list.data.id;
}

async function measure(url: string, durationS: number): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: durationS, pipelining: 1 });
}

let stopping = false;
function stopAll() {
  stopping = true;
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  rmSync(workDir, { recursive: true, force: true });
}

async function main() {
  const [listsPort, gatewayPort, barePort, uncachedPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const listsUrl = `http://127.0.0.1:${listsPort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;

  // One gateway in front: the lists service may let it keep anonymous reads (off by default, for several gateways).
  startChild('lists', TSX, ['services/lists/bench/listsServer.ts'], { PORT: String(listsPort), DATA_DIR: workDir, PUBLIC_LIST_SHARED_MAX_AGE_S: '1' });
  // As `npm start` runs it; BENCH_GATEWAY_NODE_ARGS adds node flags (e.g. --cpu-prof --cpu-prof-dir=/tmp/p).
  const gatewayNodeArgs = (process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  startChild('gateway', process.execPath, [...gatewayNodeArgs, '--import', 'tsx', 'services/gateway/src/main.ts'], {
    PORT: String(gatewayPort),
    PUBLIC_URL: gatewayUrl,
    DATA_DIR: workDir,
    LISTS_URL: listsUrl,
    AUTH_URL: 'http://127.0.0.1:9', // anonymous reads never ask auth
    OFFERS_URL: 'http://127.0.0.1:9',
  });
  // For comparison: the same gateway with its shared cache off (every read reaches the service,
  // as a signed-in person's reads always do).
  const uncachedUrl = `http://127.0.0.1:${uncachedPort}`;
  startChild('gateway (cache off)', process.execPath, ['--import', 'tsx', 'services/gateway/src/main.ts'], {
    PORT: String(uncachedPort),
    PUBLIC_URL: uncachedUrl,
    DATA_DIR: workDir,
    LISTS_URL: listsUrl,
    AUTH_URL: 'http://127.0.0.1:9',
    OFFERS_URL: 'http://127.0.0.1:9',
    API_CACHE_MAX_MB: '0',
  });
  await Promise.all([waitFor(`${listsUrl}/health`), waitFor(`${gatewayUrl}/health`), waitFor(`${uncachedUrl}/health`)]);

  const listId = await seed(listsUrl);
  const path = `/api/product-lists/${listId}`;
  const viaGateway = await fetch(`${gatewayUrl}${path}`);
  const bytes = Buffer.from(await viaGateway.arrayBuffer());
  const parsed = JSON.parse(bytes.toString('utf8')) as { data: { products: unknown[] } };
  if (viaGateway.status !== 200 || parsed.data.products.length !== PRODUCTS) throw new Error(`unexpected answer ${viaGateway.status}`);

  const bodyFile = join(workDir, 'body.json');
  writeFileSync(bodyFile, bytes);
  startChild('bare', process.execPath, ['services/lists/bench/bareServer.cjs'], { PORT: String(barePort), BENCH_BODY_FILE: bodyFile });
  const bareUrl = `http://127.0.0.1:${barePort}`;
  await waitFor(bareUrl);

  console.log(`GET ${path}: ${PRODUCTS} products, ${bytes.length} bytes; ${CONNECTIONS} connections, ${WARMUP_S} s warm-up, ${DURATION_S} s measured each`);
  await measure(`${gatewayUrl}${path}`, WARMUP_S);
  const gateway = await measure(`${gatewayUrl}${path}`, DURATION_S);
  await measure(bareUrl, WARMUP_S);
  const bare = await measure(bareUrl, DURATION_S);
  // Where the time goes: the lists service reached directly (no gateway).
  const direct = await measure(`${listsUrl}${path}`, DURATION_S);
  await measure(`${uncachedUrl}${path}`, WARMUP_S);
  const uncached = await measure(`${uncachedUrl}${path}`, DURATION_S);

  const row = (name: string, r: autocannon.Result) =>
    `${name.padEnd(28)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
  console.log(row('gateway → lists service', gateway));
  console.log(row('bare node http (memory)', bare));
  console.log(row('(lists service, direct)', direct));
  console.log(row('(gateway, cache off → lists)', uncached));
  const ratio = gateway.requests.average / bare.requests.average;
  console.log(`ratio ${ratio.toFixed(3)} (target ≥ ${TARGET}: ${ratio >= TARGET ? 'met' : 'NOT met'})`);
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(stopAll);
