// The production images: one Dockerfile template for every box, compiled JavaScript,
// production dependencies only, a non-root user, a HEALTHCHECK, the gateway with the static
// builds. No Docker engine runs here, so the template is read as text and the compile step it
// runs (scripts/build-service.mjs) is run for real, outside the repository.
import { spawn, spawnSync } from 'node:child_process';
import { isBuiltin } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { freePort, waitForHealth, type StandaloneProcess } from '@wishlist/service-kit/src/testing/standalone';
import { REPO_ROOT } from './config';

const TEMPLATE = 'services/Dockerfile';
const text = readFileSync(join(REPO_ROOT, TEMPLATE), 'utf8');
// Instructions with their continuation lines joined, comments dropped.
const instructions = text
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const stages: string[][] = [];
for (const line of instructions) {
  if (/^FROM\s/i.test(line)) stages.push([]);
  stages.at(-1)?.push(line);
}
const build = stages[0];
const runtime = stages.at(-1)!;
const runtimeText = runtime.join('\n');

const boxes = readdirSync(join(REPO_ROOT, 'services')).filter(
  (d) => d !== 'embedded-mongo' && existsSync(join(REPO_ROOT, 'services', d, 'src/main.ts')),
);
const compose = parse(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { build?: { context: string; dockerfile: string; args?: Record<string, string> }; environment?: Record<string, string> }>;
};

function findDockerfiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    if (['node_modules', '.git', 'dist', '.data', '.tmp'].includes(entry)) return [];
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return findDockerfiles(path);
    return /(^|\.)Dockerfile$|^Dockerfile\.[^.]+$/.test(entry) && !entry.endsWith('.dockerignore') ? [relative(REPO_ROOT, path)] : [];
  });
}

describe('the service image template (services/Dockerfile)', () => {
  it('is the only Dockerfile: every box is built from it with build arguments', () => {
    expect(findDockerfiles(REPO_ROOT)).toEqual([TEMPLATE]);
    for (const box of boxes) {
      const b = compose.services[box].build;
      expect(b).toEqual({ context: '.', dockerfile: TEMPLATE, args: { SERVICE: box, PORT: compose.services[box].environment?.PORT } });
    }
    expect(build).toContainEqual(expect.stringMatching(/^ARG SERVICE$/));
    expect(runtime).toEqual(expect.arrayContaining(['ARG SERVICE', 'ARG PORT']));
  });

  it('compiles the service in a build stage and keeps only the result', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(build.join('\n')).toMatch(/npm ci\b/);
    expect(build.join('\n')).toMatch(/npm run build -w "services\/\$\{SERVICE\}"/);
    // The runtime stage starts from a bare Node image and copies only /out from the build.
    expect(runtime[0]).toMatch(/^FROM \$\{NODE_IMAGE\}$/);
    const copies = runtime.filter((l) => /^(COPY|ADD)\s/i.test(l));
    expect(copies).toEqual([expect.stringMatching(/^COPY --from=build (--chown=\S+ )?\/out\/ \/app\/$/)]);
    expect(build.join('\n')).toMatch(/cp -r "services\/\$\{SERVICE\}\/dist" "\/out\/services\/\$\{SERVICE\}\/dist"/);
  });

  it('runs compiled JavaScript with node, never TypeScript through a loader', () => {
    const cmd = runtime.find((l) => l.startsWith('CMD'))!;
    expect(cmd).toMatch(/exec node (--enable-source-maps )?\\"services\/\$\{SERVICE\}\/dist\/main\.js\\"/);
    expect(runtimeText).not.toMatch(/tsx|ts-node|\.ts\b|--import/);
    expect(runtime).toContainEqual(expect.stringMatching(/^ENV NODE_ENV=production\b/));
  });

  it('installs production dependencies only', () => {
    const installs = instructions.filter((l) => /npm (install|i|ci)\b/.test(l) && !/npm ci --no-audit/.test(l));
    expect(installs.length).toBeGreaterThan(0);
    for (const l of installs) expect(l).toMatch(/--omit=dev/);
    // The full install (compilers, test tools) happens only in the build stage, never in the image.
    expect(runtimeText).not.toMatch(/\bnpm (ci|install|i)\b/);
  });

  it('runs as a non-root user and declares a HEALTHCHECK on /health', () => {
    const user = runtime.filter((l) => l.startsWith('USER ')).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)(:|$)/);
    const health = runtime.find((l) => l.startsWith('HEALTHCHECK'));
    expect(health).toMatch(/CMD \["node", "-e", ".*\/health/);
    expect(health).toMatch(/process\.env\.PORT/);
  });

  it('gives the gateway image the static build of the shell and every remote', () => {
    const { workspaces } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    const frontEnds = workspaces.filter((w) => w === 'shell' || w.startsWith('remote-'));
    const gatewayStep = build.find((l) => /if \[ "\$SERVICE" = gateway \]/.test(l))!;
    expect(gatewayStep).toBeDefined();
    const loop = /for ws in ([^;]+);/.exec(gatewayStep)![1].trim().split(/\s+/);
    expect(loop.sort()).toEqual([...frontEnds].sort());
    expect(gatewayStep).toMatch(/npm run build -w "\$ws"/);
    expect(gatewayStep).toMatch(/cp -r "\$ws\/dist" "\/out\/\$ws\/dist"/);
  });
});

describe('the compile step (scripts/build-service.mjs)', () => {
  jest.setTimeout(60_000);
  let outRoot: string;
  beforeAll(() => {
    outRoot = mkdtempSync(join(tmpdir(), 'service-image-'));
    const r = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts/build-service.mjs'), ...boxes, '--out-root', outRoot], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
  afterAll(() => rmSync(outRoot, { recursive: true, force: true }));

  // Optional add-ons the MongoDB driver requires inside try/catch; the engine is loaded only
  // without MONGODB_URI, which production refuses.
  const OPTIONAL = ['kerberos', '@mongodb-js/zstd', 'snappy', 'socks', 'aws4', 'mongodb-client-encryption', 'gcp-metadata', '@aws-sdk/credential-providers'];

  it.each(boxes)('compiles services/%s to one JavaScript file that needs no workspace package', (box) => {
    const dist = join(outRoot, 'services', box, 'dist');
    const code = readFileSync(join(dist, 'main.js'), 'utf8');
    const { dependencies } = JSON.parse(readFileSync(join(dist, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const required = new Set([...code.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]));
    // A `node:` specifier is always Node's own (undici probes node:sqlite, new in Node 22, lazily).
    const outside = [...required].filter((m) => !isBuiltin(m) && !m.startsWith('node:') && !OPTIONAL.includes(m) && !(m in dependencies));
    expect(outside).toEqual([]);
    expect(code).not.toMatch(/require\("@wishlist\//);
    // Every production dependency it still needs is pinned to the version tested here.
    for (const v of Object.values(dependencies)) expect(v).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('the compiled gateway runs alone, with no node_modules anywhere above it, and answers /health', async () => {
    const port = await freePort();
    // The tmp directory has no node_modules up the tree: only the bundle and Node's own modules.
    expect(existsSync(join(outRoot, 'node_modules'))).toBe(false);
    const child = spawn(process.execPath, ['services/gateway/dist/main.js'], {
      cwd: outRoot,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), IDENTITY_SECRET: 's'.repeat(48), PUBLIC_URL: 'https://wishlist.example', DATA_DIR: join(outRoot, 'data') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    const p: StandaloneProcess = { output: () => out, exited, stop: () => (child.kill('SIGTERM'), exited) };
    try {
      await expect(waitForHealth(`http://127.0.0.1:${port}/health`, p)).resolves.toEqual({ data: expect.objectContaining({ status: 'ok' }) });
    } finally {
      expect(await p.stop()).toBe(0);
    }
  });
});
