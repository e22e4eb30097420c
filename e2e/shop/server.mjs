// A small local shop for the end-to-end journeys: product pages with the metadata real shops
// publish (JSON-LD Product, Open Graph, microdata) and real PNG images generated on the fly.
// Usage: node e2e/shop/server.mjs <port>
import { createServer } from 'node:http';
import { deflateSync } from 'node:zlib';

const port = Number(process.argv[2] ?? process.env.SHOP_PORT ?? 18082);

export const products = {
  teapot: { name: 'Cast iron teapot', price: '34.90', color: [196, 80, 60], pageTitle: 'Cast iron teapot | Tea House' },
  scarf: { name: 'Merino wool scarf', price: '59.00', color: [60, 110, 180], pageTitle: 'Merino wool scarf – Knit & Co' },
  lamp: { name: 'Brass desk lamp', price: '129.50', color: [200, 170, 70], pageTitle: 'Brass desk lamp · Lumière' },
  book: { name: 'Le Petit Prince (illustrated)', price: '12.50', color: [90, 160, 110], pageTitle: 'Le Petit Prince – Librairie' },
  kite: { name: 'Handmade paper kite', price: '24.00', color: [230, 120, 170], pageTitle: 'Handmade paper kite – Atelier Vent' },
};

// CRC32 and a minimal PNG encoder (solid colour with a diagonal band), enough for real <img> loads.
const crcTable = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
function png(width, height, [r, g, b]) {
  const row = Buffer.alloc(1 + width * 3);
  const raw = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) {
    raw[y * row.length] = 0;
    for (let x = 0; x < width; x++) {
      const band = Math.abs(x - y) < width / 8;
      const o = y * row.length + 1 + x * 3;
      raw[o] = band ? 255 : r;
      raw[o + 1] = band ? 255 : g;
      raw[o + 2] = band ? 255 : b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const images = new Map();
const image = (key, w, h, color) => {
  const id = `${key}-${w}x${h}`;
  if (!images.has(id)) images.set(id, png(w, h, color));
  return images.get(id);
};

const page = (slug, p) => `<!doctype html>
<html lang="en"><head>
<meta charset="utf-8">
<title>${p.pageTitle}</title>
<base href="/products/">
<meta property="og:title" content="${p.name}">
<meta property="og:image" content="/images/${slug}-main.png">
<meta property="og:price:amount" content="${p.price}">
<meta property="og:price:currency" content="EUR">
<script type="application/ld+json">
{"@context":"https://schema.org","@graph":[{"@type":"BreadcrumbList","itemListElement":[]},
{"@type":"Product","name":"${p.name}","image":["/images/${slug}-main.png","/images/${slug}-side.png"],
"offers":{"@type":"Offer","price":"${p.price}","priceCurrency":"EUR","availability":"https://schema.org/InStock"}}]}
</script>
</head><body>
<header><img src="/images/logo-64x64.png" alt="Shop"></header>
<main>
<h1>${p.name}</h1>
<img src="../images/${slug}-main.png" alt="${p.name}" width="600" height="600">
<img src="../images/${slug}-side.png" alt="${p.name}, side" width="400" height="300">
<img src="../images/${slug}-thumb.png" alt="" width="80" height="80">
<p class="price">${p.price.replace('.', ',')} €</p>
</main></body></html>`;

// A shop that only a real browser gets through: without the navigation headers browsers send
// (Sec-Fetch-Dest: document) it answers with a robot check, as bot walls do; to a browser it sends
// a page that builds the product with JavaScript (visible content and JSON-LD alike). The server's
// page fetch cannot read it; the browser extension, reading the rendered page, can.
const robotCheck = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Just a moment…</title></head>
<body><h1>Checking that you are not a robot</h1><p>Enable JavaScript and cookies to continue.</p></body></html>`;
const builtByScript = (slug, p) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Loading…</title></head>
<body><main id="app"><p>Loading…</p></main>
<script>
  const p = ${JSON.stringify({ name: p.name, price: p.price, pageTitle: p.pageTitle, image: `/images/${slug}-main.png` })};
  document.title = p.pageTitle;
  const ld = document.createElement('script');
  ld.type = 'application/ld+json';
  ld.textContent = JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: p.name, image: p.image,
    offers: { '@type': 'Offer', price: p.price, priceCurrency: 'EUR' } });
  document.head.append(ld);
  const app = document.getElementById('app');
  app.innerHTML = '';
  const h1 = document.createElement('h1');
  h1.textContent = p.name;
  const img = document.createElement('img');
  img.src = p.image; img.alt = p.name; img.width = 500; img.height = 500;
  const price = document.createElement('p');
  price.textContent = p.price.replace('.', ',') + ' €';
  app.append(h1, img, price);
</script></body></html>`;

// Prices a journey sets for one product page address (path and query), so that price watch reads
// a changed price: PUT /prices?page=/products/kite.html?v=1 with the price ("19.20") as the body.
const priceOverrides = new Map();

const handler = (req, res) => {
  const url = new URL(req.url ?? '/', 'http://shop.local');
  if (url.pathname === '/prices' && req.method === 'PUT') {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const target = url.searchParams.get('page') ?? '';
      if (!/^\d{1,6}\.\d{2}$/.test(body.trim()) || !target.startsWith('/products/')) {
        res.writeHead(400, { 'Content-Type': 'text/plain' });
        return res.end('expected a page and a price like 19.20');
      }
      priceOverrides.set(target, body.trim());
      res.writeHead(204);
      res.end();
    });
    return;
  }
  // A shop behind a bot wall: servers get Cloudflare's "Just a moment..." challenge.
  if (url.pathname === '/walled/lamp.html') {
    res.writeHead(403, { 'Content-Type': 'text/html; charset=utf-8', 'cf-mitigated': 'challenge' });
    return res.end('<!doctype html><html><head><title>Just a moment...</title></head><body><noscript>Enable JavaScript and cookies to continue</noscript><script>window._cf_chl_opt={cType:"managed"};</script></body></html>');
  }
  const guarded = /^\/guarded\/([a-z]+)\.html$/.exec(url.pathname);
  if (guarded && products[guarded[1]]) {
    const browser = req.headers['sec-fetch-dest'] === 'document';
    res.writeHead(browser ? 200 : 403, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    return res.end(browser ? builtByScript(guarded[1], products[guarded[1]]) : robotCheck);
  }
  const m = /^\/products\/([a-z]+)\.html$/.exec(url.pathname);
  if (m && products[m[1]]) {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    const price = priceOverrides.get(url.pathname + url.search);
    return res.end(page(m[1], price ? { ...products[m[1]], price } : products[m[1]]));
  }
  const img = /^\/images\/([a-z]+)-(main|side|thumb|large|64x64)\.png$/.exec(url.pathname);
  if (img) {
    const p = products[img[1]] ?? { color: [120, 120, 120] };
    const [w, h] = { main: [600, 600], side: [400, 300], thumb: [80, 80], large: [1600, 1600], '64x64': [64, 64] }[img[2]];
    res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'max-age=3600' });
    return res.end(image(img[1], w, h, p.color));
  }
  if (url.pathname === '/') {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    return res.end(`<!doctype html><title>Shop</title><ul>${Object.keys(products).map((s) => `<li><a href="/products/${s}.html">${s}</a></li>`).join('')}</ul>`);
  }
  res.writeHead(404, { 'Content-Type': 'text/plain' });
  res.end('not found');
};
// Both loopback addresses, whichever `localhost` resolves to first; never other interfaces.
const servers = ['127.0.0.1', '::1'].map((host) => {
  const server = createServer(handler);
  server.on('error', (e) => {
    if (host === '::1') return; // no IPv6 loopback on this machine
    throw e;
  });
  server.listen(port, host);
  return server;
});
console.log(`shop on http://localhost:${port}`);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => { for (const s of servers) s.close(); process.exit(0); });
