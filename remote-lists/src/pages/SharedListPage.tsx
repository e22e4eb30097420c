import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { signalFirstViewReady, type Product } from '@wishlist/contracts';
import { getFavorites, isSignedOutError, refreshDefaultListId, setProductListArchived } from '@wishlist/api-client';
import { Button } from '@wishlist/ui';
import { hasSession, notify, useSessionStore } from '@wishlist/stores';
import { ListView } from '../components/ListView';
import { PageError, PageLoading } from '../components/PageState';
import { useListsT } from '../i18n';
import { isUnreachable, statusOf } from '../lib/errors';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { useListsStore } from '../state/listsStore';
import '../styles/lists.css';
import { usePublishViewedList } from '../lib/usePublishViewedList';
import { GiverView } from '../keepers/GiverView';
import { asVisitorsSee } from '../lib/visitorView';

/**
 * `/see/{productListId}` (SPEC §2 share route): the public view of one list, for anyone, signed in
 * or not. Its owner is taken to their sliding page. 404 → /not-found, unreachable → /server-error.
 */
export default function SharedListPage() {
  const { t } = useListsT();
  const navigate = useNavigate();
  const { productListId = '' } = useParams();
  // `?preview=visitor`: the owner sees their list as the people they share it with.
  const [search] = useSearchParams();
  const preview = search.get('preview') === 'visitor';
  // `?as=giver`: a keeper of a list kept for someone else gives on it as a visitor does.
  const asGiver = search.get('as') === 'giver';
  const signedIn = useSessionStore((s) => hasSession(s));
  const lists = useListsStore((s) => s.lists);
  const source = useListsStore((s) => s.source);
  const favoriteIds = useListsStore((s) => s.favoriteIds);
  const generation = useListsStore((s) => s.generation);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    useListsStore.getState().setFocus(null);
    useListsStore
      .getState()
      .loadShared(productListId)
      .then(
        (list) => {
          if (cancelled) return;
          // An archived list is not in the owner's slider: they see it here, read-only.
          if (list.isOwner && !preview && !list.archived && !(asGiver && list.recipient === 'someone-else')) navigate(paths.listing(list.id), { replace: true });
        },
        (e: unknown) => {
          if (cancelled) return;
          const status = statusOf(e);
          if (status === 404 || status === 400) navigate(paths.notFound, { replace: true });
          else if (isUnreachable(e)) navigate(paths.serverError, { replace: true });
          else {
            setFailed(true);
            notify({ type: 'error', message: t('notifications.productsLoadFailed') });
          }
        },
      );
    return () => {
      cancelled = true;
    };
  }, [productListId, attempt, preview, asGiver, generation, navigate, t]);

  // SPEC §4: owners are never shown as favorite; others check their favorites.
  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    getFavorites().then(
      (favorites) => {
        if (!cancelled) useListsStore.getState().setFavorite(productListId, Array.isArray(favorites) && favorites.some((f) => f.id === productListId));
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [signedIn, productListId]);

  const list = source?.kind === 'shared' && source.listId === productListId ? lists[0] : undefined;
  // The store's update renders at once (a blocking render, as every external store's); the cards
  // then render in a deferred pass, which React slices into short tasks (the spinner stays up
  // meanwhile) instead of one long task that blocks the first taps. A list already there when the
  // page mounts (the server's, being hydrated) renders in the first pass: it is on screen already.
  // (No initial value: one would spawn a deferred render at every mount, see useRevealAfterCommit.)
  const cardsReady = useDeferredValue(Boolean(list));
  const giving = !!list?.isOwner && asGiver && list.recipient === 'someone-else' && !list.archived && !preview;
  usePublishViewedList(giving && list ? { id: list.id, isOwner: false } : list);
  usePageTitle(list?.name, t('common.siteName'));
  // The page (or its failure) is on screen: the shell may swap the server's snapshot for it.
  const ownArchived = !!list?.isOwner && !!list.archived && !preview;
  const painted = failed || (!!list && cardsReady && (!list.isOwner || preview || ownArchived || giving));
  useEffect(() => {
    if (painted) signalFirstViewReady();
  }, [painted]);

  const selectProduct = useCallback((product: Product) => {
    if (product.id) useListsStore.getState().setFocus(product.id);
  }, []);

  if (failed) return <PageError title={t('listing.errorTitle')} text={t('listing.errorText')} onRetry={() => setAttempt((a) => a + 1)} />;
  if (!list || !cardsReady || (list.isOwner && !preview && !ownArchived && !giving)) return <PageLoading label={t('listing.loadingShared')} />;

  if (giving) return <GiverView list={list} onSelectProduct={selectProduct} onExit={() => navigate(paths.listing(list.id))} />;

  if (ownArchived) {
    const restore = () =>
      setProductListArchived(list.id, false).then(
        () => {
          notify({ type: 'success', message: t('occasion.restoredDone') });
          void refreshDefaultListId().catch(() => undefined);
          navigate(paths.listing(list.id));
        },
        (e: unknown) => isSignedOutError(e) || notify({ type: 'error', message: t('occasion.restoreFailed') }),
      );
    return (
      <>
        <div className="lists-preview" role="note" aria-label={t('occasion.archived')}>
          <p className="lists-preview__text">
            <strong>{t('occasion.archived')}</strong> {t('occasion.archivedOwner')}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void restore()}>
            {t('occasion.restore')}
          </Button>
        </div>
        <ListView
          lists={[{ ...list, isOwner: false }]}
          activeIndex={0}
          onShowList={() => undefined}
          onSelectProduct={selectProduct}
          isFavorite={() => false}
          preview={{ onExit: () => navigate(paths.lists) }}
        />
      </>
    );
  }

  if (list.isOwner) {
    const exit = () => navigate(paths.listing(list.id));
    return (
      <>
        <div className="lists-preview" role="note" aria-label={t('preview.label')}>
          <p className="lists-preview__text">
            <strong>{t('preview.title')}</strong> {t('preview.text')}
          </p>
        </div>
        <ListView
          lists={[asVisitorsSee(list)]}
          activeIndex={0}
          onShowList={() => undefined}
          onSelectProduct={selectProduct}
          isFavorite={() => false}
          preview={{ onExit: exit }}
        />
      </>
    );
  }

  return (
    <ListView
      lists={[list]}
      activeIndex={0}
      onShowList={() => undefined}
      onSelectProduct={selectProduct}
      isFavorite={(id) => signedIn && favoriteIds.includes(id)}
    />
  );
}
