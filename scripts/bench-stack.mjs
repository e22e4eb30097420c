// The product as the benches see it: `scripts/start.mjs` (as `npm start`, building stale
// front ends first) and the e2e shop on free ports, one signed-in person and a list of 50 products
// (names and prices of the real shop pages of ../shared/fixtures when present; 1,600 px pictures
// served by the local shop). Used by bench-lighthouse.mjs and bench-bundle.mjs.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
export const PRODUCTS = 50;

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(url, what, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
    await sleep(300);
  }
}

/**
 * Starts the product and the shop, signs a person in and seeds their list (one list per entry of
 * `sizes`, with that many products; `env` adds settings of the stack). Returns the base URL, the
 * first list's id, every list's id, the person's bearer and `stop()`.
 */
export async function startSeededStack({ log = console.log, sizes = [PRODUCTS], env = {} } = {}) {
  // Ports: the gateway's free port, the services on +11..+13 (as the e2e stack), the shop apart.
  let port;
  for (;;) {
    port = await freePort();
    if (port < 60000) break;
  }
  const shopPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const shop = `http://127.0.0.1:${shopPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'wishlist-lighthouse-'));
  const children = [];
  const stopAll = () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  };
  process.on('exit', stopAll);
  process.on('SIGINT', () => process.exit(130));

  children.push(spawn(process.execPath, ['e2e/shop/server.mjs', String(shopPort)], { cwd: root, stdio: 'ignore' }));
  const stack = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      AUTH_PORT: String(port + 11),
      LISTS_PORT: String(port + 12),
      OFFERS_PORT: String(port + 13),
      DATA_DIR: dataDir,
      PAGE_FETCH_ALLOWLIST: `127.0.0.1:${shopPort}`,
      LOG_LEVEL: 'warn',
      // The affiliate script's host is out of reach here: a page waiting on it measures the network.
      VITE_DEACTIVATE_AFFILIATION: process.env.VITE_DEACTIVATE_AFFILIATION ?? 'true',
      // The bench signs one person in; the sign-in limits stay as they are.
      ...env,
    },
  });
  children.push(stack);
  log(`starting the product on ${base} (front ends are built first when stale)…`);
  await waitFor(`${shop}/`, 'the shop', 30_000);
  await waitFor(`${base}/api/health`, 'the product', 600_000);

  // Sign in through the API and the local outbox, as a person would with the link.
  const email = `bench-${Date.now()}@example.com`;
  const tokenName = `t${Date.now()}-bench${Math.random().toString(36).slice(2)}`;
  const api = async (method, path, body, bearer) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  const bearer = (await api('POST', '/api/tokens', { email, tokenName })).token;
  let code;
  for (let i = 0; i < 50 && !code; i++) {
    const mails = await (await fetch(`${base}/dev/mails`)).json();
    const mail = mails.find((m) => m.to.includes(email));
    code = mail && /\/validate-email\/[^/\s"<>]+\/([^/\s"<>]+)/.exec(mail.text)?.[1];
    if (!code) await sleep(200);
  }
  if (!code) throw new Error('no sign-in mail in the outbox');
  await api('PUT', '/api/tokens', { tokenName, validationCode: code }, bearer);

  // 50 products: real names and prices from the fixtures' expectations when ../shared is there.
  const manifestPath = join(root, '..', 'shared', 'fixtures', 'product-pages', 'manifest.json');
  const real = [];
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    for (const entry of manifest.files ?? manifest.pages ?? manifest) {
      const e = entry.expected ?? {};
      if (typeof e.title === 'string' && e.title.length <= 200) real.push({ name: e.title, price: Number(e.price) > 0 ? Math.round(Number(e.price) * 100) : null });
    }
  }
  const slugs = ['teapot', 'lamp', 'scarf', 'mug', 'book', 'chair'];
  const lists = await api('GET', '/api/product-lists', undefined, bearer);
  // One list per size asked (the default list holds the first), a few creations at a time.
  const listIds = [lists.data.find((l) => l.isOwner).id];
  for (let n = 1; n < sizes.length; n++) listIds.push((await api('POST', '/api/product-lists', { name: `${sizes[n]} products` }, bearer)).data.id);
  for (const [n, size] of sizes.entries()) {
    const listId = listIds[n];
    const add = (i) => {
      const r = real[i % Math.max(1, real.length)] ?? { name: `Product ${i + 1}`, price: 1990 + i * 100 };
      const slug = slugs[i % slugs.length];
      return api(
        'POST',
        '/api/products-in-lists',
        { name: r.name, price: r.price, image: `${shop}/images/${slug}${String.fromCharCode(97 + (i % 26))}-large.png`, url: `${shop}/products/${slug}.html?i=${i}`, productListId: listId },
        bearer,
      );
    };
    for (let i = 0; i < size; i += 4) await Promise.all(Array.from({ length: Math.min(4, size - i) }, (_, k) => add(i + k)));
    log(`seeded ${size} products (${real.length ? 'names and prices of the real shop fixtures' : 'generated names'}) in list ${listId}`);
  }
  const listId = listIds[0];
  const stop = async () => {
    stopAll();
    await sleep(500);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, listId, listIds, bearer, stop };
}
