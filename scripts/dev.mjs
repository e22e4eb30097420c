// `npm run dev`: the services as in `npm start`, plus `rsbuild dev` for the shell and every
// remote (ports in docs/frontend-contract.md), with the gateway in dev mode: / is proxied to the
// shell dev server and /remotes.json points at the remote dev servers.

import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { fail, frontendWorkspaces, handleSignals, log, root, startBackend, startChild, stopAll, supervise, waitHealthy } from './start.mjs';

const DEV_PORTS = { shell: 3000, 'remote-content': 3001, 'remote-auth': 3002, 'remote-lists': 3003, 'remote-basket-offer': 3004 };

async function main() {
  handleSignals();
  try {
    const frontends = frontendWorkspaces('dev');
    for (const ws of frontends) {
      startChild(ws, 'npm', ['run', 'dev', '-w', ws], { cwd: root, env: { BROWSER: 'none' }, group: true });
    }
    // remotes.json lists only the remotes that exist as workspaces.
    const remotes = frontends
      .filter((ws) => ws.startsWith('remote-') && DEV_PORTS[ws])
      .map((ws) => ({ name: ws.replace(/-/g, '_'), entry: `http://localhost:${DEV_PORTS[ws]}/mf-manifest.json` }));
    const { url } = await startBackend({
      gatewayEnv: { FRONTEND_DEV: 'true', DEV_SHELL_URL: 'http://localhost:3000', REMOTES: JSON.stringify(remotes) },
    });
    for (const ws of frontends) {
      const port = DEV_PORTS[ws];
      if (port) await waitHealthy(ws, `http://localhost:${port}/`, undefined, 120_000).catch((e) => fail(e.message));
    }
    // As in npm start: from here on a process that stops is restarted (dev servers included).
    supervise();
    log(`dev servers: ${frontends.map((w) => `${w} :${DEV_PORTS[w] ?? '?'}`).join(', ')}`);
    console.log(`\n  Wishlist (dev) is running at ${url}\n  (Ctrl-C to stop)\n`);
  } catch (err) {
    fail(err.message);
    await stopAll(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
