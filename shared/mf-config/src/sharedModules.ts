// The `shared` option of every app's federation plugin: the singletons, the ranges they require,
// and the exports the tree-shaken ones keep.
import type { ModuleFederationOptions } from '@module-federation/rsbuild-plugin';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { shakenSingletons, singletonPackages } from './singletons';

type Shared = NonNullable<ModuleFederationOptions['shared']>;

function treeShakingOf(name: string): { treeShaking?: { mode: 'runtime-infer'; usedExports: string[] } } {
  const usedExports = shakenSingletons[name];
  return usedExports ? { treeShaking: { mode: 'runtime-infer', usedExports } } : {};
}

/**
 * Each app requires the range its package.json names (requiredVersion derived from it) and refuses
 * a loaded singleton outside that range (strictVersion): a remote built against an older minor
 * (`^5.0.0` while the page runs 5.1) loads, one built for another major fails to load and shows
 * the shell's error panel with Retry instead of running against an API it was not built for. The
 * workspace packages are versioned with the repository: no range to check.
 *
 * Shared tree shaking is for production builds only. It turns on Rspack's used-exports analysis for
 * the whole compilation, the federation runtime included: the runtime's CommonJS helpers
 * (`_rolldown/runtime.cjs`) have their exports marked unused while the `@__PURE__` calls that read
 * them stay, which the minifier removes in production but nothing removes in development, so every
 * development page died at start on `require_runtime.__exportAll is not a function`. Development
 * builds share whole singletons, which also spares them the second compilation of shaken copies.
 */
export function sharedSingletonsFor(production: boolean, ranges: Record<string, string> = {}): Shared {
  return Object.fromEntries(
    singletonPackages.map((name) => [
      name,
      name.startsWith('@wishlist/')
        ? { singleton: true, requiredVersion: false }
        : {
            singleton: true,
            strictVersion: true,
            ...(ranges[name] ? { requiredVersion: ranges[name] } : {}),
            ...(production ? treeShakingOf(name) : {}),
          },
    ]),
  );
}

/**
 * The ranges an app's package.json names, its dependencies over its peerDependencies. Given to
 * every singleton the app names, they stand for every import of it in the app's build: left to
 * itself, the federation plugin reads the range from the package.json nearest each importing file,
 * and a package that imports a singleton without naming it (swiper imports React; the UI kit
 * imports the router its host provides) left it none, a warning in the build and in the browser's
 * console on every page of the dev servers.
 */
export function dependencyRanges(appDir: string): Record<string, string> {
  const pkg = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  return { ...pkg.peerDependencies, ...pkg.dependencies };
}
