import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel, Spinner } from '@wishlist/ui';
import { useRouteReady } from '../routing/routeReady';
import { forgetRemoteComponent, useRemoteComponent, type RemoteModuleId } from './remoteLoader';
import { RemoteBoundary } from './RemoteBoundary';
import { swapFirstView } from '../firstView/swap';

function Rendered({ component: C }: { component: ComponentType<object> }) {
  const markReady = useRouteReady((s) => s.markReady);
  useEffect(markReady, [markReady]);
  return <C />;
}

function Failed({ onRetry }: { onRetry: () => void }) {
  const markReady = useRouteReady((s) => s.markReady);
  useEffect(markReady, [markReady]);
  // The error panel replaces a server snapshot of the page at once.
  useEffect(() => swapFirstView('error'), []);
  return <ErrorPanel onRetry={onRetry} />;
}

export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <div className="shell-page-loading">
      <Spinner size="lg" label={t('a11y.loading')} />
    </div>
  );
}

/** Renders a remote page; on failure a localized panel whose Retry loads a fresh lazy component. */
export function RemotePage({ module }: { module: RemoteModuleId }) {
  const [attempt, setAttempt] = useState(0);
  const Lazy = useRemoteComponent(module);
  const retry = () => {
    forgetRemoteComponent(module);
    setAttempt((a) => a + 1);
  };
  return (
    <RemoteBoundary key={`${module}#${attempt}`} fallback={() => <Failed onRetry={retry} />}>
      <Suspense fallback={<PageLoading />}>
        <Rendered component={Lazy} />
      </Suspense>
    </RemoteBoundary>
  );
}

/**
 * A header widget from a remote: renders nothing while loading or when it fails. It starts loading
 * once the first route has rendered: the page's remote comes first, the basket after.
 * `skip` keeps it from loading at all (the header's own rules, e.g. not on the person's own list).
 */
export function RemoteWidget({ module, skip = false }: { module: RemoteModuleId; skip?: boolean }) {
  const ready = useRouteReady((s) => s.ready);
  return ready && !skip ? <LoadedWidget module={module} /> : null;
}

function LoadedWidget({ module }: { module: RemoteModuleId }) {
  const Lazy = useRemoteComponent(module);
  return (
    <RemoteBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <Lazy />
      </Suspense>
    </RemoteBoundary>
  );
}
