import { Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { hasSession, hasUncheckedBearer, useSessionStore, useViewStore } from '@wishlist/stores';
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

/** The owner's list page (remote_lists/ProductListingPage's route). */
const OWN_LIST_ROUTE = '/product-list/:productListId/:productId?';

/**
 * Whether the page is, or may still turn out to be, the signed-in person's own list: the page
 * says whose list it shows once it has it (useViewStore); until then its route is the owner's.
 */
function useOnOwnList(): boolean {
  const { pathname } = useLocation();
  const viewed = useViewStore((s) => s.viewedList);
  const signedIn = useSessionStore((s) => hasSession(s) || hasUncheckedBearer(s));
  const match = matchPath(OWN_LIST_ROUTE, pathname);
  if (!match) return false;
  if (viewed && viewed.id === match.params.productListId) return viewed.isOwner;
  return signedIn;
}

/**
 * A header widget from a remote: renders nothing while loading or when it fails. It starts loading
 * once the first route has rendered (issue 13): the page's remote comes first, the basket after.
 * A widget `notOnOwnList` is not loaded on the person's own list page.
 */
export function RemoteWidget({ module, notOnOwnList = false }: { module: RemoteModuleId; notOnOwnList?: boolean }) {
  const ready = useRouteReady((s) => s.ready);
  const ownList = useOnOwnList();
  return ready && !(notOnOwnList && ownList) ? <LoadedWidget module={module} /> : null;
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
