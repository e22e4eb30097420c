import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A component loaded on demand (a library kept off the first view) that, once its module is there,
 * renders directly: React.lazy alone would show the Suspense fallback for a frame on every new
 * mount, which flashed the page (no drag handles, one slide) after each navigation.
 * `load()` starts the download early (e.g. when a page module is evaluated); `render` shows the
 * fallback only while the module is still on its way. `provide(component)` hands it over from a
 * module that imports it statically (a page that always needs it): rendered at once, never lazily.
 */
export function lazyOnce<P extends object>(importer: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  const load = () =>
    importer().then((m) => {
      loaded = m.default;
      return m;
    });
  const Lazy = lazy(load);
  const provide = (component: ComponentType<P>) => {
    loaded = component;
  };
  function render(props: P, fallback: ReactNode): ReactNode {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { load, render, provide };
}
