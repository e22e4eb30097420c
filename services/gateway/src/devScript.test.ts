// scripts/dev.mjs (`npm run dev [box ...]`): which boxes run from source, and the gateway's
// environment for them. The script is an ES module using import.meta, which this package's
// CommonJS test transform cannot load: it is imported by a child `node`, as a developer's
// `npm run dev` would, and what it exports is answered as JSON.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const DEV_SCRIPT = resolve(__dirname, '../../../scripts/dev.mjs');
const FRONTENDS = ['shell', 'remote-content', 'remote-auth', 'remote-lists', 'remote-basket-offer'];

type Answer = { value?: unknown; error?: string };

/** Imports dev.mjs in a child node and answers what `body` (an async function of the module) returns. */
function withDevScript(body: string, args: unknown[]): Answer {
  const program = `
    const dev = await import(${JSON.stringify(pathToFileURL(DEV_SCRIPT).href)});
    const args = JSON.parse(process.env.DEV_TEST_ARGS);
    const out = (a) => process.stdout.write(JSON.stringify(a));
    try { out({ value: await (${body})(dev, ...args) }); } catch (err) { out({ error: err.message }); }
  `;
  const { DEV_PORT_OFFSET: _offset, ...env } = process.env;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', program], {
    env: { ...env, DEV_TEST_ARGS: JSON.stringify(args) },
    encoding: 'utf8',
    // A guard only: the child answers at once unless importing the script started the stack.
    timeout: 60_000,
  });
  expect({ status: r.status, signal: r.signal, stderr: r.stderr }).toEqual({ status: 0, signal: null, stderr: '' });
  return JSON.parse(r.stdout) as Answer;
}

const parseBoxes = (args: string[]) => withDevScript('(dev, args, fe) => [...dev.parseBoxes(args, fe)]', [args, FRONTENDS]);
const gatewayEnvFor = (boxes: string[]) =>
  withDevScript('(dev, boxes, fe) => dev.gatewayEnvFor(new Set(boxes), fe)', [boxes, FRONTENDS]).value as Record<string, string>;

describe('npm run dev: the boxes from source', () => {
  it('runs every front end and every service from source when no box is named', () => {
    expect(parseBoxes([]).value).toEqual([...FRONTENDS, 'auth', 'lists', 'offers', 'gateway']);
  });

  it('takes the boxes named, services by folder (`services/lists`) or name, trailing slash or not', () => {
    expect(parseBoxes(['services/lists', 'remote-lists']).value).toEqual(['lists', 'remote-lists']);
    expect(parseBoxes(['services/offers/', 'shell']).value).toEqual(['offers', 'shell']);
  });

  it('refuses an unknown box, naming it and every choice', () => {
    const { value, error } = parseBoxes(['lists', 'remote-nope']);
    expect(value).toBeUndefined();
    expect(error).toMatch(/^unknown box remote-nope: choose among /);
    for (const box of [...FRONTENDS, 'auth', 'lists', 'offers', 'gateway']) expect(error).toContain(box);
  });

  it('starts nothing when imported: only run directly does it start the stack', () => {
    const r = withDevScript('async (dev) => Object.keys(dev).sort()', []);
    expect(r.value).toEqual(['DEV_PORTS', 'gatewayEnvFor', 'parseBoxes']);
  });

  it('has the documented dev ports (3000 for the shell, 3001-3004 for the remotes)', () => {
    expect(withDevScript('async (dev) => dev.DEV_PORTS', []).value).toEqual({
      shell: 3000,
      'remote-content': 3001,
      'remote-auth': 3002,
      'remote-lists': 3003,
      'remote-basket-offer': 3004,
    });
  });
});

describe("npm run dev: the gateway's environment", () => {
  it('a remote from source: listed at its dev server, the others as built, its origin admitted, no first-view snapshot', () => {
    const env = gatewayEnvFor(['remote-lists']);
    expect(JSON.parse(env.REMOTES)).toEqual([
      { name: 'remote_content', entry: '/remotes/content/mf-manifest.json' },
      { name: 'remote_auth', entry: '/remotes/auth/mf-manifest.json' },
      { name: 'remote_lists', entry: 'http://localhost:3003/mf-manifest.json' },
      { name: 'remote_basket_offer', entry: '/remotes/basket-offer/mf-manifest.json' },
    ]);
    expect(env.DEV_SERVERS).toBe('http://localhost:3003');
    expect(env.FIRST_VIEW_SNAPSHOTS).toBe('false');
    expect(env).not.toHaveProperty('FRONTEND_DEV');
    expect(env).not.toHaveProperty('DEV_SHELL_URL');
  });

  it('the shell from source: FRONTEND_DEV with its dev server, every remote as built, snapshots kept', () => {
    const env = gatewayEnvFor(['shell']);
    expect(env).toMatchObject({ FRONTEND_DEV: 'true', DEV_SHELL_URL: 'http://localhost:3000', DEV_SERVERS: 'http://localhost:3000' });
    expect(JSON.parse(env.REMOTES).every((r: { entry: string }) => r.entry.startsWith('/remotes/'))).toBe(true);
    expect(env).not.toHaveProperty('FIRST_VIEW_SNAPSHOTS');
  });

  it('services alone: every front end as built, no dev server admitted', () => {
    const env = gatewayEnvFor(['lists', 'gateway']);
    expect(env.DEV_SERVERS).toBe('');
    expect(env).not.toHaveProperty('FRONTEND_DEV');
    expect(env).not.toHaveProperty('FIRST_VIEW_SNAPSHOTS');
  });
});
