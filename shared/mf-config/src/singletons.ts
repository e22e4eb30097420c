// The shared singletons and the exports the apps use of the tree-shaken ones: plain data, read by
// the build config (index.ts) and by the test that checks every import against it.

/**
 * Packages that must exist once per page. Workspace packages that create stores or module-level
 * state (stores, i18n, api-client caches, the UI kit's notification bridge) are listed themselves:
 * sharing zustand alone would still give each remote its own store.
 *
 * `@wishlist/contracts` is not among them: it holds no state (types, predicates, zod schemas,
 * formatting), and a shared module is never tree-shaken, so sharing it would put zod (24 kB gzip)
 * on every first view. Each app bundles the few functions it uses.
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
 * The singletons every page of the shell runs from its start (react-toastify waits for the first
 * notification), and the packages they run on. The shell builds them into one chunk (see
 * createHostConfig): one script instead of a dozen, each with its insertion, its task and its
 * share of the federation runtime's bookkeeping.
 */
export const startupSingletons = singletonPackages.filter((name) => name !== 'react-toastify');
export const startupDependencies = [
  'scheduler',
  'react-router',
  'cookie',
  'set-cookie-parser',
  'html-parse-stringify',
  'use-sync-external-store',
  '@babel/runtime',
  // Not shared (each app bundles what it uses): the shell's copies of the helpers the singletons
  // use (headers, picture sizes, the placeholder picture) join them instead of three tiny chunks.
  '@wishlist/contracts',
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A path separator in a module's path, on any platform. */
export const SEP = String.raw`[\\/]`;

/** The pattern of a path (`a/b`, `C:\\a\\b`), its separators matching either slash. */
const pathPattern = (path: string) => path.replace(/[\\/]+$/, '').split(/[\\/]+/).map(escapeRegExp).join(SEP);

/** The pattern of an npm package's directory, `node_modules/<name>`, on any platform. */
export const packageDirPattern = (name: string) => pathPattern(`node_modules/${name}`);

/**
 * Where a start-up package's modules live: an npm package under node_modules, a workspace package
 * `@wishlist/x` in the repository's `shared/x` (its real path: the build resolves the symlinks).
 * `appDirs` (absolute) add the app's own code that its start loads after the entry.
 */
export function startupModulePattern(appDirs: readonly string[] = []): RegExp {
  const dirs = [...startupSingletons, ...startupDependencies].map((name) =>
    name.startsWith('@wishlist/') ? pathPattern(`shared/${name.slice('@wishlist/'.length)}`) : packageDirPattern(name),
  );
  const packages = `${SEP}(?:${dirs.join('|')})${SEP}`;
  const own = appDirs.map((dir) => `^${pathPattern(dir)}${SEP}`);
  return new RegExp([packages, ...own].join('|'));
}

/**
 * Shared singletons are never tree-shaken by default: react-router-dom came whole (62 kB gzip) while
 * the apps use a dozen of its exports, react-i18next whole (10.5 kB) for six. Module Federation's
 * shared tree shaking (runtime-infer: the runtime takes the shaken copy when it holds every export
 * a consumer declares; server-calc would need a deployment platform to mark it calculated) builds
 * them with only the exports listed here, the SAME lists for every app (a singleton is one copy per
 * page: a host and a remote shaken differently would lack each other's exports). A remote that
 * starts using another export adds it here and the shell is rebuilt with it first; a
 * test (test/singletons.test.ts) checks every import of the front ends against these lists.
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

/** The react-i18next exports the apps use (the same rule as routerExports). */
export const reactI18nextExports = ['I18nContext', 'I18nextProvider', 'Trans', 'getI18n', 'initReactI18next', 'useTranslation'];

export const shakenSingletons: Record<string, string[]> = { 'react-router-dom': routerExports, 'react-i18next': reactI18nextExports };
