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
 *
 * `@wishlist/contracts` is not among them (issue 13): it holds no state (types, predicates, zod
 * schemas, formatting), and a shared module is never tree-shaken, so sharing it put zod (24 kB
 * gzip) on every first view. Each app now bundles the few functions it uses.
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
] as const;

/**
 * Shared singletons are never tree-shaken by default: react-router-dom came whole (62 kB gzip) while
 * the apps use a dozen of its exports. Module Federation's shared tree shaking (runtime-infer: the runtime takes the shaken copy when it holds every export a consumer declares; server-calc would need a deployment platform to mark it calculated) builds it with only
 * the exports listed here, the SAME list for every app (a singleton is one copy per page: a host
 * and a remote shaken differently would lack each other's exports). A remote that starts using
 * another export adds it here and the shell is rebuilt with it first (issue 13).
 */
export const routerExports = [
  'BrowserRouter',
  'Link',
  'MemoryRouter',
  'NavLink',
  'Navigate',
  'Route',
  'Routes',
  'matchPath',
  'useLocation',
  'useNavigate',
  'useNavigationType',
  'useParams',
  'useSearchParams',
];

export const reactI18nextExports = ['I18nContext', 'I18nextProvider', 'Trans', 'getI18n', 'initReactI18next', 'useTranslation'];

const shakenSingletons: Record<string, string[]> = { 'react-router-dom': routerExports, 'react-i18next': reactI18nextExports };

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
 */
export const sharedSingletons: Shared = Object.fromEntries(
  singletonPackages.map((name) => [
    name,
    name.startsWith('@wishlist/') ? { singleton: true, requiredVersion: false } : { singleton: true, strictVersion: true, ...treeShakingOf(name) },
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
        // One federation runtime per page (issue 13): the host hands its runtime core to the
        // remotes, whose entries no longer carry a copy each (~25 kB gzip per remote entry).
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
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
        // The runtime core comes from the host (see createHostConfig): a remote runs inside the shell.
        experiments: { externalRuntime: true, optimization: { target: 'web' } },
      }),
      ...(extra?.plugins ?? []),
    ],
  });
}
