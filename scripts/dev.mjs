// `npm run dev [box ...]`: work on boxes from their sources, the rest as `npm start` serves it.
//
//   npm run dev                  every front end on its Rsbuild dev server (HMR, React Fast
//                                Refresh across the federation) and every service restarted alone
//                                when a file it imports changes
//   npm run dev -- remote-lists  remote-lists from source (its dev server), everything else built
//   npm run dev -- shell lists   the shell and the lists service from source, the rest built
//
// Boxes: shell, remote-*, the services (auth, lists, offers) and the gateway. A front end from
// source is served by its dev server on its port (docs/frontend-contract.md); the gateway lists it
// in /remotes.json (a remote) or proxies / to it (the shell), and its CSP admits the dev servers'
// scripts and HMR sockets. The built front ends are rebuilt first when their sources changed, as
// in npm start. docs/team-workflow.md is the team's loop.
//
// DEV_PORT_OFFSET moves every dev server's port (3000 + offset, ...), for a second checkout.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildFrontends,
  fail,
  frontendWorkspaces,
  gatewayHost,
  gatewayUrl,
  handleSignals,
  log,
  root,
  SERVICES,
  staleReason,
  startBackend,
  startChild,
  stopAll,
  supervise,
  waitHealthy,
} from './start.mjs';

const offset = Number(process.env.DEV_PORT_OFFSET || 0);
export const DEV_PORTS = Object.fromEntries(
  Object.entries({ shell: 3000, 'remote-content': 3001, 'remote-auth': 3002, 'remote-lists': 3003, 'remote-basket-offer': 3004 }).map(([k, v]) => [k, v + offset]),
);
const BACKEND_BOXES = [...SERVICES.map((s) => s.name), 'gateway'];

/** The boxes named on the command line (`services/lists` and `lists` alike); all of them when none is. */
export function parseBoxes(args, frontends = frontendWorkspaces('dev')) {
  const known = [...frontends, ...BACKEND_BOXES];
  const named = args.map((a) => a.replace(/^services\//, '').replace(/\/+$/, ''));
  const unknown = named.filter((b) => !known.includes(b));
  if (unknown.length) throw new Error(`unknown box ${unknown.join(', ')}: choose among ${known.join(', ')}`);
  return new Set(named.length ? named : known);
}

/** The federation name and built address of a remote workspace (`remote-basket-offer`). */
const remoteName = (ws) => ws.replace(/-/g, '_');
const builtEntry = (ws) => `/remotes/${ws.slice('remote-'.length)}/mf-manifest.json`;
const devOrigin = (ws) => `http://localhost:${DEV_PORTS[ws]}`;

/** The gateway's environment for these boxes (exported for its test). */
export function gatewayEnvFor(boxes, frontends) {
  const fromSource = frontends.filter((ws) => boxes.has(ws));
  const remotes = frontends
    .filter((ws) => ws.startsWith('remote-') && DEV_PORTS[ws])
    .map((ws) => ({ name: remoteName(ws), entry: boxes.has(ws) ? `${devOrigin(ws)}/mf-manifest.json` : builtEntry(ws) }));
  const env = { REMOTES: JSON.stringify(remotes), DEV_SERVERS: fromSource.map(devOrigin).join(',') };
  if (boxes.has('shell')) Object.assign(env, { FRONTEND_DEV: 'true', DEV_SHELL_URL: devOrigin('shell') });
  // The first view is rendered from the built remotes: from source, it would show the old page first.
  if (fromSource.some((ws) => ws.startsWith('remote-'))) env.FIRST_VIEW_SNAPSHOTS = 'false';
  return env;
}

const SHELL_DEV_DIST = 'dist-dev';

function buildShellForDevelopment() {
  const why = staleReason('shell', SHELL_DEV_DIST);
  if (!why) return;
  log(`building the shell for development (shell/${SHELL_DEV_DIST}): ${why}`);
  const r = spawnSync('npx', ['rsbuild', 'build', '--mode', 'development'], {
    cwd: join(root, 'shell'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', WISHLIST_SHELL_DIST: SHELL_DEV_DIST },
  });
  if (r.status !== 0) throw new Error('the development build of the shell failed (see above)');
}

async function main() {
  handleSignals();
  try {
    const frontends = frontendWorkspaces('dev');
    const boxes = parseBoxes(process.argv.slice(2), frontends);
    const fromSource = frontends.filter((ws) => boxes.has(ws));
    const built = frontends.filter((ws) => !boxes.has(ws));
    if (built.length) buildFrontends(built);
    // Remotes from source run React's development build (Fast Refresh, the development JSX
    // runtime), which the page gets from the shell: without the shell's dev server, the shell is
    // served from a development build of its sources (shell/dist-dev), rebuilt when they change.
    const shellDevBuild = !boxes.has('shell') && fromSource.some((ws) => ws.startsWith('remote-'));
    if (shellDevBuild) buildShellForDevelopment();
    const gatewayPort = Number(process.env.PORT || 8080);
    const url = gatewayUrl(gatewayHost(), gatewayPort);
    for (const ws of fromSource) {
      startChild(ws, 'npm', ['run', 'dev', '-w', ws], {
        cwd: root,
        env: {
          BROWSER: 'none',
          WISHLIST_GATEWAY_URL: `http://127.0.0.1:${gatewayPort}`,
        },
        group: true,
      });
    }
    const watch = new Set(BACKEND_BOXES.filter((b) => boxes.has(b)));
    const gatewayEnv = gatewayEnvFor(boxes, frontends);
    if (shellDevBuild) gatewayEnv.SHELL_DIST = join(root, 'shell', SHELL_DEV_DIST);
    await startBackend({ gatewayEnv, watch });
    for (const ws of fromSource) {
      await waitHealthy(ws, `${devOrigin(ws)}/`, undefined, 120_000).catch((e) => fail(e.message));
    }
    // As in npm start: from here on a process that stops is restarted (dev servers included).
    supervise();
    log(`from source: ${[...fromSource.map((w) => `${w} :${DEV_PORTS[w]}`), ...watch].join(', ') || 'nothing'}`);
    if (built.length) log(`as built: ${built.join(', ')}`);
    console.log(`\n  Wishlist (dev) is running at ${url}\n  (Ctrl-C to stop)\n`);
  } catch (err) {
    fail(err.message);
    await stopAll(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
