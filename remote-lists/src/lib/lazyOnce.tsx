import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A component loaded on demand (a library kept off the first view) that, once its module is there,
 * renders directly: React.lazy alone would show the Suspense fallback for a frame on every new
 * mount, which flashed the page (no drag handles, one slide) after each navigation.
 * `load()` starts the download early (e.g. when a page module is evaluated); `render` shows the
 * fallback only while the module is still on its way. `provide(component)` hands it over from a
 * module that imports it statically (a page that always needs it): rendered at once, never lazily.
 *
 * The element rendered is the same lazy component before and after the module arrives: rendering
 * the loaded component itself once it was there changed the element's type, and React then built
 * the whole subtree again (every card of a grid) at the first render after the load.
 */
export function lazyOnce<P extends object>(importer: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: { default: ComponentType<P> } | null = null;
  const load = () =>
    importer().then((m) => {
      loaded = m;
      return m;
    });
  // A module already there is handed to React.lazy as a thenable that calls back at once, which
  // React takes synchronously: no suspense, no fallback, not even for a frame.
  const Lazy = lazy(() => {
    const m = loaded;
    if (!m) return load();
    return { then: (onLoaded: (module: { default: ComponentType<P> }) => void) => onLoaded(m) } as unknown as Promise<{ default: ComponentType<P> }>;
  });
  const provide = (component: ComponentType<P>) => {
    loaded = { default: component };
  };
  function render(props: P, fallback: ReactNode): ReactNode {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  const isLoaded = () => loaded !== null;
  return { load, render, provide, isLoaded };
}
