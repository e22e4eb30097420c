import { Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel, Spinner } from '@wishlist/ui';
import { useRouteReady } from '../routing/routeReady';
import { forgetFailedRemoteComponent, forgetRemoteComponent, remoteComponent, type RemoteModuleId } from './remoteLoader';
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
  // The error panel replaces a server snapshot of the page at once (issue 13).
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
  // eslint-disable-next-line react-hooks/exhaustive-deps -- attempt asks again after Retry forgot it
  const Lazy = useMemo(() => remoteComponent(module), [module, attempt]);
  // A page left on its error panel loads the remote anew when opened again.
  useEffect(() => () => forgetFailedRemoteComponent(module), [module]);
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
 * once the first route has rendered (issue 13): the page's remote comes first, the basket after.
 */
export function RemoteWidget({ module }: { module: RemoteModuleId }) {
  const ready = useRouteReady((s) => s.ready);
  return ready ? <LoadedWidget module={module} /> : null;
}

function LoadedWidget({ module }: { module: RemoteModuleId }) {
  const Lazy = useMemo(() => remoteComponent(module), [module]);
  useEffect(() => () => forgetFailedRemoteComponent(module), [module]);
  return (
    <RemoteBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <Lazy />
      </Suspense>
    </RemoteBoundary>
  );
}
