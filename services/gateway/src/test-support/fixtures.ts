import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { gatewayConfig, type GatewayConfig } from '../config';

/** A temporary repo layout: shell + remote-content built, the other remotes not. */
export function makeFrontends(): { root: string; cleanup(): void } {
  const root = mkdtempSync(join(tmpdir(), 'gateway-fe-'));
  const write = (rel: string, content: string) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), content);
  };
  write('shell/dist/index.html', '<!doctype html><title>Wishlist</title><div id="root"></div>');
  write('shell/dist/static/js/index.abcd1234.js', 'console.log("shell")');
  write('shell/dist/favicon.ico', 'icon');
  write('shell/dist/manifest.webmanifest', '{"name":"Wishlist","share_target":{"action":"/share-target"}}');
  write('shell/dist/sw.js', 'self.skipWaiting();');
  write('shell/dist/offline.html', '<!doctype html><title>Offline</title>');
  write('remote-content/dist/mf-manifest.json', '{"id":"remote_content"}');
  write('remote-content/dist/remoteEntry.js', 'var remote_content;');
  write('remote-content/dist/static/js/async/123.0f1e2d3c4b5a.js', 'chunk');
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export function configFor(root: string, env: Record<string, string> = {}): GatewayConfig {
  return gatewayConfig.load({
    SHELL_DIST: join(root, 'shell/dist'),
    REMOTE_CONTENT_DIST: join(root, 'remote-content/dist'),
    REMOTE_AUTH_DIST: join(root, 'remote-auth/dist'),
    REMOTE_LISTS_DIST: join(root, 'remote-lists/dist'),
    REMOTE_BASKET_OFFER_DIST: join(root, 'remote-basket-offer/dist'),
    DATA_DIR: join(root, '.data'),
    AUTH_URL: 'http://127.0.0.1:9',
    LISTS_URL: 'http://127.0.0.1:9',
    OFFERS_URL: 'http://127.0.0.1:9',
    ...env,
  });
}

export async function listen(app: express.Express): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
