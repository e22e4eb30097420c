// React Fast Refresh across the federation: an edit to any app's component re-renders in the open
// page, state kept, whichever app (shell or remote) it belongs to.
import type { RsbuildPlugin } from '@rsbuild/core';
import { fileURLToPath } from 'node:url';

/**
 * plugin-react's options. Fast Refresh instruments only our own code: the federation plugin adds
 * `@module-federation/` to the JS rule's include (so SWC lowers its runtime) and plugin-react
 * reuses that include for Fast Refresh, which wrapped the federation runtime (it runs before React
 * Refresh's own runtime exists) in refresh hooks: `$ReactRefreshRuntime$.refresh is not a function`
 * at start. `library` names the flag every app's refresh entry checks, so the page's one runtime
 * (below) is injected into React's devtools hook once.
 */
export const reactOptions = {
  reactRefreshOptions: {
    exclude: [/[\\/]node_modules[\\/]/, /[\\/]mf-config[\\/]runtime[\\/]/],
    library: 'wishlist',
  },
};

const SHARED_RUNTIME = fileURLToPath(new URL('../runtime/reactRefreshRuntime.ts', import.meta.url));

/**
 * Development only: every app's refresh client reads `react-refresh/runtime` from
 * runtime/reactRefreshRuntime.ts, one runtime per page (that file says why). A module replacement
 * rather than an alias: plugin-react-refresh puts its own `react-refresh` alias first, and the
 * resolver takes the first alias that matches.
 */
export function pluginSharedRefreshRuntime(): RsbuildPlugin {
  return {
    name: 'wishlist:shared-refresh-runtime',
    setup(api) {
      api.modifyBundlerChain((chain, { isDev, bundler }) => {
        if (!isDev) return;
        chain
          .plugin('wishlist-shared-refresh-runtime')
          .use(bundler.NormalModuleReplacementPlugin, [/^react-refresh\/runtime$/, SHARED_RUNTIME]);
      });
    },
  };
}
