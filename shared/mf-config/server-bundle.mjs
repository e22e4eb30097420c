// "Snapshot then swap": each front end renders its first view on the server with its own
// components. This builds such a server entry into one CommonJS file for Node (React, react-dom/
// server, i18next and the workspace packages bundled in: the gateway loads it from the box's
// deployed dist and needs nothing else). Styles and pictures are the browser build's business:
// their imports are dropped here. Used by the shell's and the remotes' `build` scripts, after
// `rsbuild build` (which empties dist/).
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The federation runtime has no business on a server: a stub that refuses to load anything. */
export const FEDERATION_STUB = join(here, 'server-stubs', 'federation-runtime.cjs');

/**
 * Bundles `entry` (TS/TSX) to `outfile` (CommonJS, Node 20). `alias` maps module ids to files.
 */
export async function buildServerBundle({ entry, outfile, alias = {} }) {
  mkdirSync(dirname(outfile), { recursive: true });
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    jsx: 'automatic',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { '@module-federation/enhanced/runtime': FEDERATION_STUB, ...alias },
    loader: { '.css': 'empty', '.png': 'empty', '.jpg': 'empty', '.webp': 'empty', '.svg': 'empty', '.woff2': 'empty' },
  });
}

/** Loads a CommonJS bundle just built (for a build-time prerender). */
export function loadBundle(file) {
  const require = createRequire(import.meta.url);
  delete require.cache[require.resolve(file)];
  return require(file);
}
