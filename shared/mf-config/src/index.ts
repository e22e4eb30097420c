// One federation config, written once: the shell and every remote build their Rsbuild config here,
// so a shared singleton or version change is one edit.
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginModuleFederation, type ModuleFederationOptions } from '@module-federation/rsbuild-plugin';

type Shared = NonNullable<ModuleFederationOptions['shared']>;

/**
 * Packages that must exist once per page. Workspace packages that create stores or module-level
 * state (stores, i18n, api-client caches, the UI kit's notification bridge) are listed themselves:
 * sharing zustand alone would still give each remote its own store.
 */
export const singletonPackages = [
  'react',
  'react-dom',
  'react-router-dom',
  'zustand',
  'i18next',
  'react-i18next',
  'react-toastify',
  '@wishlist/stores',
  '@wishlist/i18n',
  '@wishlist/api-client',
  '@wishlist/ui',
  '@wishlist/contracts',
] as const;

/**
 * Each app requires the range its package.json names (requiredVersion derived from it) and refuses
 * a loaded singleton outside that range (strictVersion): a remote built against an older minor
 * (`^5.0.0` while the page runs 5.1) loads, one built for another major fails to load and shows
 * the shell's error panel with Retry instead of running against an API it was not built for. The
 * workspace packages are versioned with the repository: no range to check.
 */
export const sharedSingletons: Shared = Object.fromEntries(
  singletonPackages.map((name) => [
    name,
    name.startsWith('@wishlist/') ? { singleton: true, requiredVersion: false } : { singleton: true, strictVersion: true },
  ]),
);

export interface AppConfigOptions {
  /** Federation name, e.g. `shell` or `remote_content` (identifier characters only). */
  name: string;
  /** Dev server port. */
  port: number;
  /** Rsbuild config merged over the defaults (source.define, html, etc.). */
  extra?: RsbuildConfig;
}

const base = (port: number, extra: RsbuildConfig = {}): RsbuildConfig => ({
  ...extra,
  server: { port, strictPort: true, ...extra.server },
  performance: { chunkSplit: { strategy: 'split-by-experience' }, ...extra.performance },
});

/** The host: remotes are registered at run time from /remotes.json, never at build time. */
export function createHostConfig({ name, port, extra }: AppConfigOptions): RsbuildConfig {
  return defineConfig({
    ...base(port, extra),
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name,
        remotes: {},
        shared: sharedSingletons,
        // A remote whose manifest cannot be fetched must not blank the host (TOOLCHAIN.md).
        shareStrategy: 'loaded-first',
        dts: false,
      }),
      ...(extra?.plugins ?? []),
    ],
  });
}

/** A remote: exposes thin page entry files, chunks resolved relative to its own manifest. */
export function createRemoteConfig({
  name,
  port,
  exposes,
  extra,
}: AppConfigOptions & { exposes: Record<string, string> }): RsbuildConfig {
  const cfg = base(port, extra);
  return defineConfig({
    ...cfg,
    output: { ...cfg.output, assetPrefix: 'auto' },
    server: { ...cfg.server, headers: { 'Access-Control-Allow-Origin': '*' } },
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name,
        exposes,
        shared: sharedSingletons,
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
      }),
      ...(extra?.plugins ?? []),
    ],
  });
}
