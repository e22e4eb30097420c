// One federation config, written once: the shell and every remote build their Rsbuild config here,
// so a shared singleton or version change is one edit.
import { type ConfigParams, type RsbuildConfig, type RsbuildConfigSyncFn } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES_GLOBAL, SDK_GLOBAL } from '../runtime/globals';
import { pluginSharedRefreshRuntime, reactOptions } from './fastRefresh';
import { pluginPrecompress } from './precompress';
import { dependencyRanges, sharedSingletonsFor } from './sharedModules';
import { packageDirPattern, SEP, startupModulePattern } from './singletons';

export { reactI18nextExports, routerExports, shakenSingletons, singletonPackages, startupDependencies, startupModulePattern, startupSingletons } from './singletons';

export interface AppConfigOptions {
  /** Federation name, e.g. `shell` or `remote_content` (identifier characters only). */
  name: string;
  /** Dev server port. */
  port: number;
  /** Rsbuild config merged over the defaults (source.define, html, etc.). */
  extra?: RsbuildConfig;
}

/** Where the dev servers send `/api` (the gateway of `npm run dev`, or of `npm start`). */
const gatewayUrl = () => process.env.WISHLIST_GATEWAY_URL ?? 'http://localhost:8080';

/**
 * `port` is the app's dev port (docs/frontend-contract.md); DEV_PORT_OFFSET moves them all (a
 * second checkout). A remote's dev server also serves the remote alone: its pages call /api there.
 */
type CacheGroups = Record<string, Record<string, unknown>>;

/**
 * `cacheGroups` join modules into named chunks over Rsbuild's default splits, which give each
 * package or set of pages its own chunk: a page's start pays per script (its insertion, its task,
 * the federation runtime's bookkeeping) more than per byte, so what a start needs comes as one.
 */
const base = (port: number, extra: RsbuildConfig = {}, cacheGroups: CacheGroups = {}): RsbuildConfig => ({
  ...extra,
  server: { port: port + Number(process.env.DEV_PORT_OFFSET || 0), strictPort: true, proxy: { '/api': gatewayUrl() }, ...extra.server },
  performance: { chunkSplit: { strategy: 'split-by-experience', override: { cacheGroups } }, ...extra.performance },
});

/** Production builds (`rsbuild build`) as against the dev server (`rsbuild dev`). */
const isProduction = ({ env }: ConfigParams) => env === 'production';

/** What the shell and every remote build with, before their federation plugin. */
const appPlugins = () => [pluginReact(reactOptions), pluginSharedRefreshRuntime(), pluginPrecompress()];

/** Federation options the shell and the remotes agree on. */
const federationBasics = (production: boolean) => ({
  // The app's directory is Rsbuild's root (the working directory of `rsbuild build` and `rsbuild dev`).
  shared: sharedSingletonsFor(production, dependencyRanges(process.cwd())),
  // A remote whose manifest cannot be fetched must not blank the host (TOOLCHAIN.md).
  shareStrategy: 'loaded-first' as const,
  dts: false,
});

/** The one chunk of the start-up singletons (startupSingletons), built by the shell. */
export const STARTUP_CHUNK = 'shared-core';

/**
 * The host: remotes are registered at run time from /remotes.json, never at build time.
 * `startupDirs` (absolute): the host's own code that its entry loads later (the app it starts once
 * the remotes are registered) joins the start-up chunk too, as every page runs it.
 */
export function createHostConfig({ name, port, startupDirs = [], extra }: AppConfigOptions & { startupDirs?: string[] }): RsbuildConfigSyncFn {
  return (params): RsbuildConfig => ({
    // The shared packages every page needs, one chunk instead of one each (a dozen, most under 5 kB).
    ...base(port, extra, { [STARTUP_CHUNK]: { test: startupModulePattern(startupDirs), name: STARTUP_CHUNK, chunks: 'async', enforce: true, priority: 30 } }),
    plugins: [
      ...appPlugins(),
      pluginModuleFederation({
        name,
        remotes: {},
        ...federationBasics(isProduction(params)),
        // One federation runtime per page: the host hands its runtime core to the remotes,
        // whose entries do not carry a copy each (~25 kB gzip per remote entry). Built
        // for browsers only (`target: 'web'`: no Node loader in the runtime, ~2 kB gzip per app).
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
        // ...and its federation SDK (the remotes' builds leave theirs out: see createRemoteConfig).
        runtimePlugins: [fileURLToPath(new URL('../runtime/provideFederationSdk.ts', import.meta.url))],
      }),
      ...(extra?.plugins ?? []),
    ],
  });
}

/**
 * One chunk for the code that two or more of a remote's exposed pages (`exposes`, names without
 * `./`) share, beside each page's own; the packages named `apart` keep their chunks.
 */
export interface PageChunk {
  exposes: string[];
  apart?: string[];
}

function pageChunkGroup(name: string, { exposes, apart = [] }: PageChunk): Record<string, unknown> {
  // Module Federation names each exposed page's chunk `__federation_expose_<name>`.
  const pages = new Set(exposes.map((page) => `__federation_expose_${page}`));
  const packages = apart.map(packageDirPattern).join('|');
  return {
    name,
    chunks: (chunk: { name?: string | null }) => pages.has(chunk.name ?? ''),
    ...(packages ? { test: new RegExp(`^(?!.*${SEP}(?:${packages})${SEP})`) } : {}),
    minChunks: 2,
    enforce: true,
    priority: 10,
  };
}

/** A remote: exposes thin page entry files, chunks resolved relative to its own manifest. */
export function createRemoteConfig({
  name,
  port,
  exposes,
  pageChunks = {},
  extra,
}: AppConfigOptions & { exposes: Record<string, string>; pageChunks?: Record<string, PageChunk> }): RsbuildConfigSyncFn {
  return (params): RsbuildConfig => {
    const groups = Object.fromEntries(Object.entries(pageChunks).map(([chunk, pages]) => [chunk, pageChunkGroup(chunk, pages)]));
    const cfg = base(port, extra, groups);
    // In production a remote runs only inside the shell and takes the federation runtime and SDK
    // from it. Its dev server also serves the remote alone (src/index.tsx, with the shell down),
    // so a development build carries its own; the shell's runtime adopts it when both are loaded.
    const production = isProduction(params);
    return {
      ...cfg,
      output: {
        ...cfg.output,
        assetPrefix: 'auto',
        // The federation SDK and its error codes come from the shell too (runtime/provideFederationSdk.ts).
        externals: production
          ? {
              '@module-federation/sdk': `global ${SDK_GLOBAL}`,
              '@module-federation/error-codes': `global ${ERROR_CODES_GLOBAL}`,
            }
          : {},
      },
      server: { ...cfg.server, headers: { 'Access-Control-Allow-Origin': '*' } },
      plugins: [
        ...appPlugins(),
        pluginModuleFederation({
          name,
          exposes,
          ...federationBasics(production),
          manifest: true,
          // The runtime core comes from the host (see createHostConfig): a remote runs inside the shell.
          experiments: { externalRuntime: production, optimization: { target: 'web' } },
        }),
        ...(extra?.plugins ?? []),
      ],
    };
  };
}
