// `npm run build -w services/<name>` (or `node scripts/build-service.mjs <name>`): compiles a
// service to one JavaScript file for its production image, services/<name>/dist/main.js.
//
// esbuild bundles the service's TypeScript, the workspace packages it imports (shared/service-kit,
// shared/contracts) and its npm dependencies, so the image runs plain `node dist/main.js` with no
// TypeScript loader and no development dependency. Packages listed in RUNTIME_PACKAGES stay
// outside the bundle (they read files beside their code at run time); dist/package.json names
// them with the exact versions installed here, and the image installs them with --omit=dev.
// The embedded engine is never bundled: it is loaded only without MONGODB_URI, never in an image.
import { build } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/**
 * The installed version of a package, from its package.json found above its entry point (a
 * package whose `exports` hides `./package.json`, as sharp's does, cannot be resolved directly).
 */
function installedVersion(requireFrom, name) {
  let dir = dirname(requireFrom.resolve(name));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      if (pkg.name === name) return pkg.version;
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json for ${name}`);
    dir = up;
  }
}

/** npm packages kept out of the bundle, installed in the image instead. */
// sharp: a native add-on (libvips), installed for the image's platform. piscina: starts its
// threads from its own worker.js, found beside its code.
export const RUNTIME_PACKAGES = ['sharp', 'piscina'];
/** Loaded only in development (no MONGODB_URI); optional native add-ons of the MongoDB driver. */
const NEVER_BUNDLED = [
  '@wishlist/embedded-mongo',
  'kerberos',
  '@mongodb-js/zstd',
  'snappy',
  'socks',
  'aws4',
  'mongodb-client-encryption',
  'gcp-metadata',
  '@aws-sdk/credential-providers',
];

/**
 * The modules a service runs in worker threads (files named `<name>.worker.ts` under src/): each
 * becomes its own file beside main.js (`dist/<name>.worker.js`), where the service finds it.
 */
function workerEntries(dir) {
  const entries = {};
  const walk = (sub) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const rel = join(sub, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.worker.ts')) entries[entry.name.slice(0, -'.ts'.length)] = join(dir, rel);
    }
  };
  walk('src');
  return entries;
}

export async function buildService(name, { outDir = join(root, 'services', name, 'dist'), quiet = false } = {}) {
  const dir = join(root, 'services', name);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const started = Date.now();
  const result = await build({
    entryPoints: { main: join(dir, 'src/main.ts'), ...workerEntries(dir) },
    outdir: outDir,
    entryNames: '[name]',
    absWorkingDir: dir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'linked',
    sourcesContent: false,
    // Keeps class and function names (error types, logs) and stays readable in a stack trace.
    minifyWhitespace: true,
    minifySyntax: true,
    keepNames: true,
    legalComments: 'external',
    external: [...RUNTIME_PACKAGES, ...NEVER_BUNDLED],
    // The sources' `__dirname` (gateway: default location of the front-end builds) keeps its
    // meaning because dist/ sits at the depth of src/.
    metafile: true,
    logLevel: quiet ? 'error' : 'warning',
  });
  const requireFromService = createRequire(join(dir, 'package.json'));
  const used = new Set();
  for (const out of Object.values(result.metafile.outputs)) {
    for (const imp of out.imports) if (imp.external && RUNTIME_PACKAGES.includes(imp.path)) used.add(imp.path);
  }
  const dependencies = Object.fromEntries(
    [...used].sort().map((p) => [p, installedVersion(requireFromService, p)]),
  );
  writeFileSync(
    join(outDir, 'package.json'),
    `${JSON.stringify({ name: `${pkg.name}-dist`, version: pkg.version, private: true, main: 'main.js', dependencies }, null, 2)}\n`,
  );
  const bytes = result.metafile.outputs[Object.keys(result.metafile.outputs).find((o) => o.endsWith('/main.js'))].bytes;
  if (!quiet) console.log(`[build-service] ${name}: dist/main.js ${(bytes / 1024).toFixed(0)} KiB in ${Date.now() - started} ms`);
  return { bytes, dependencies, metafile: result.metafile };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // --out-root DIR: write DIR/services/<name>/dist instead (tests build outside the repository).
  const args = process.argv.slice(2);
  const at = args.indexOf('--out-root');
  const outRoot = at >= 0 ? resolve(args.splice(at, 2)[1]) : undefined;
  if (args.length === 0) {
    console.error('usage: node scripts/build-service.mjs <service>... [--out-root DIR]');
    process.exit(2);
  }
  for (const n of args) await buildService(n, outRoot ? { outDir: join(outRoot, 'services', n, 'dist') } : {});
}
