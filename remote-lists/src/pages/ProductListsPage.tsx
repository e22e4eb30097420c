import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { type Favorite, type ProductList } from '@wishlist/contracts';
import { PriceAlertsSwitch } from '../components/PriceAlertsSwitch';
import {
  deleteProductList,
  getFavorites,
  getProductLists,
  isSignedOutError,
  refreshDefaultListId,
  removeFavorite,
  setProductListArchived,
  signOut,
} from '@wishlist/api-client';
import { notify } from '@wishlist/stores';
import { Button, ConfirmDialog, ProductPicture } from '@wishlist/ui';
import { EditIcon, ExternalIcon, HeartIcon, PlusIcon, TrashIcon, UndoIcon } from '../components/Icons';
import { PageError, PageLoading } from '../components/PageState';
import { useListsT } from '../i18n';
import { isUnreachable, statusOf } from '../lib/errors';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { useListsStore } from '../state/listsStore';
import { useBottomBarHeight } from '../lib/useBottomBarHeight';
import { ExportActions } from '../listFiles/ExportActions';
import { UploadIcon } from '../listFiles/icons';
import { ImportListDialog, type ImportedList } from '../listFiles/ImportListDialog';
import '../styles/lists.css';

type Entry = { id: string; name: string; owned: boolean; managed?: boolean; count?: number; image?: string | null; picture?: string; favoritedAt?: string };

/**
 * `/product-lists` (login required, SPEC §2): owned lists first, then the favorites. Tapping an
 * entry selects it, tapping it again deselects; the footer offers edit (owner), open, delete
 * (owner) for the selection — or remove from favorites — and create without one.
 */
export default function ProductListsPage() {
  const { t, i18n } = useListsT();
  const navigate = useNavigate();
  const [owned, setOwned] = useState<ProductList[] | null>(null);
  const [favorites, setFavorites] = useState<Favorite[]>([]);
  const [failed, setFailed] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [importing, setImporting] = useState(false);
  const footerRef = useBottomBarHeight<HTMLDivElement>();
  const refusalId = useId();
  const archiveRefusalId = useId();
  usePageTitle(t('listsPage.documentTitle'), t('common.siteName'));

  const load = useCallback(() => {
    setFailed(false);
    Promise.all([getProductLists({ summary: true }), getFavorites().catch(() => [] as Favorite[])]).then(
      ([lists, favs]) => {
        const mine = lists.filter((l) => l.isOwner !== false);
        const ownedIds = new Set(mine.map((l) => l.id));
        setOwned(mine);
        setFavorites((Array.isArray(favs) ? favs : []).filter((f) => !ownedIds.has(f.id)));
      },
      async (e: unknown) => {
        // SPEC §8: list of lists 404 → log out, notice, /authenticate; other failure → notice.
        if (isSignedOutError(e)) return;
        if (statusOf(e) === 404) {
          await signOut();
          notify({ type: 'error', message: t('notifications.listsLoadLoggedOut') });
          navigate('/authenticate', { replace: true });
        } else if (isUnreachable(e)) {
          navigate(paths.serverError, { replace: true });
        } else {
          setFailed(true);
          notify({ type: 'error', message: t('notifications.listsLoadFailed') });
        }
      },
    );
  }, [navigate, t]);

  useEffect(load, [load]);

  if (failed) return <PageError title={t('listsPage.errorTitle')} text={t('listsPage.errorText')} onRetry={load} />;
  if (!owned) return <PageLoading label={t('listsPage.loading')} />;

  const active = owned.filter((l) => !l.archived);
  // Lists kept with their owners count as the person's lists, not as lists they could delete.
  const activeOwn = active.filter((l) => !l.isManager);
  const archived = owned.filter((l) => l.archived);
  const entries: Entry[] = [
    ...active.map((l) => ({ id: l.id, name: l.name, owned: true, managed: l.isManager === true, count: l.productCount ?? l.products?.length ?? 0 })),
    ...favorites.map((f) => ({ id: f.id, name: f.name, owned: false, count: f.productCount, image: f.image, picture: f.picture, favoritedAt: f.favoritedAt })),
  ];
  const selected = entries.find((e) => e.id === selectedId) ?? null;

  // A new list made by an import: shown at once, and known to the list pages already loaded.
  const onImported = (list: ImportedList) => {
    setOwned((lists) => {
      const others = (lists ?? []).filter((l) => l.id !== list.id);
      return [...others, { id: list.id, name: list.name, isOwner: true, products: [], productCount: list.productCount }];
    });
    if (useListsStore.getState().source?.kind === 'mine') useListsStore.getState().upsertList({ id: list.id, name: list.name, isOwner: true });
    void refreshDefaultListId().catch(() => undefined);
  };
  const toggle = (id: string) => setSelectedId((current) => (current === id ? null : id));

  const deleteSelected = async () => {
    if (!selected) return;
    setBusy(true);
    try {
      await deleteProductList(selected.id);
      setOwned((lists) => (lists ?? []).filter((l) => l.id !== selected.id));
      useListsStore.getState().removeList(selected.id);
      setSelectedId(null);
      notify({ type: 'success', message: t('notifications.listRemoved') });
      void refreshDefaultListId().catch(() => undefined);
    } catch (e) {
      if (!isSignedOutError(e)) notify({ type: 'error', message: statusOf(e) === 422 ? t('notifications.lastList') : t('notifications.listRemovalFailed') });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  // Archived lists are read-only and leave the slider; the lists page keeps them apart, restorable.
  const setArchived = async (listId: string, archive: boolean) => {
    setBusy(true);
    try {
      const changed = await setProductListArchived(listId, archive);
      setOwned((lists) => (lists ?? []).map((l) => (l.id === listId ? { ...l, archived: changed.archived ?? archive } : l)));
      if (archive) {
        useListsStore.getState().removeList(listId);
        setSelectedId(null);
      } else if (useListsStore.getState().source?.kind === 'mine') {
        void useListsStore.getState().reload().catch(() => undefined);
      }
      notify({ type: 'success', message: t(archive ? 'occasion.archivedDone' : 'occasion.restoredDone') });
      void refreshDefaultListId().catch(() => undefined);
    } catch (e) {
      if (isSignedOutError(e)) return;
      const onlyOne = archive && statusOf(e) === 409;
      notify({ type: 'error', message: onlyOne ? t('occasion.archiveOnlyList') : t(archive ? 'occasion.archiveFailed' : 'occasion.restoreFailed') });
    } finally {
      setBusy(false);
    }
  };

  const unfavoriteSelected = async () => {
    if (!selected) return;
    setBusy(true);
    try {
      await removeFavorite(selected.id);
      setFavorites((favs) => favs.filter((f) => f.id !== selected.id));
      useListsStore.getState().removeList(selected.id);
      setSelectedId(null);
      notify({ type: 'success', message: t('notifications.favoriteRemoved') });
    } catch (e) {
      if (!isSignedOutError(e)) notify({ type: 'error', message: t('notifications.favoriteRemoveFailed') });
    } finally {
      setBusy(false);
    }
  };

  // Favorites often share a name ("My wish list"): their first picture, size and the day they were
  // added tell them apart. Nothing identifies the owner.
  const addedOn = (iso: string | undefined) => {
    const at = iso ? new Date(iso) : null;
    return at && !Number.isNaN(+at) ? t('listsPage.favoritedOn', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(at) }) : null;
  };
  const renderEntry = (e: Entry) => {
    const added = e.owned ? null : addedOn(e.favoritedAt);
    return (
      <li key={e.id}>
        <button type="button" className="lists-entry" aria-pressed={selectedId === e.id} onClick={() => toggle(e.id)}>
          {!e.owned && e.image !== undefined && (
            <ProductPicture className="lists-entry__thumb" image={e.image} picture={e.picture} cssWidth={44} />
          )}
          <span className="lists-entry__text">
            <span className="lists-entry__name">{e.name}</span>
            {(e.count !== undefined || added) && (
              <span className="lists-entry__details">
                {[e.count !== undefined ? t('listsPage.productCount', { count: e.count }) : null, added, e.managed ? t('keepers.managedBadge') : null].filter(Boolean).join(' · ')}
              </span>
            )}
          </span>
          {!e.owned && (
            <span className="lists-entry__meta">
              <HeartIcon filled />
            </span>
          )}
        </button>
      </li>
    );
  };

  return (
    <section className="lists-page lists-page--with-footer">
      <h1>{t('listsPage.title')}</h1>
      <p className="lists-lead">{t('listsPage.hint')}</p>
      <h2 className="lists-section-title">{t('listsPage.owned')}</h2>
      <ul className="lists-entries">{entries.filter((e) => e.owned).map(renderEntry)}</ul>
      {archived.length > 0 && (
        <>
          <h2 className="lists-section-title">{t('occasion.archivedSection')}</h2>
          <ul className="lists-entries">
            {archived.map((l) => (
              <li key={l.id} className="lists-entry-row">
                <Link to={paths.see(l.id)} className="lists-entry">
                  <span className="lists-entry__text">
                    <span className="lists-entry__name">{l.name}</span>
                    <span className="lists-entry__details">{t('listsPage.productCount', { count: l.productCount ?? l.products?.length ?? 0 })}</span>
                  </span>
                </Link>
                <Button variant="secondary" icon={<UndoIcon />} disabled={busy} aria-label={t('occasion.restoreNamed', { name: l.name })} onClick={() => void setArchived(l.id, false)}>
                  {t('occasion.restore')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <h2 className="lists-section-title">{t('listsPage.favorites')}</h2>
      {favorites.length > 0 ? (
        <ul className="lists-entries">{entries.filter((e) => !e.owned).map(renderEntry)}</ul>
      ) : (
        <p className="lists-lead">{t('listsPage.noFavorites')}</p>
      )}

      <div ref={footerRef} className="lists-footer" role="region" aria-label={t('listsPage.actions')}>
        <p className="lists-footer__status" aria-live="polite">
          {selected ? t('listsPage.selected', { name: selected.name }) : ''}
        </p>
        <div className="lists-footer__buttons">
          {selected ? (
            <>
              {selected.owned && (
                <Link to={paths.editList(selected.id)} className="ui-button ui-button--secondary ui-button--md">
                  <EditIcon />
                  <span className="ui-button__label">{t('listsPage.edit')}</span>
                </Link>
              )}
              <Link to={paths.listing(selected.id)} className="ui-button ui-button--primary ui-button--md">
                <ExternalIcon />
                <span className="ui-button__label">{t('listsPage.open')}</span>
              </Link>
              {selected.owned && <ExportActions listId={selected.id} listName={selected.name} />}
              {selected.owned && (
                <Button
                  variant="secondary"
                  onClick={() => void setArchived(selected.id, true)}
                  loading={busy}
                  disabled={!selected.managed && activeOwn.length <= 1}
                  aria-describedby={!selected.managed && activeOwn.length <= 1 ? archiveRefusalId : undefined}
                >
                  {t('occasion.archive')}
                </Button>
              )}
              {selected.owned ? (
                // The server refuses to delete the only owned list (SPEC §5): said before, not after.
                // Only its owner deletes a list kept with others.
                !selected.managed && (
                  <Button
                    variant="danger"
                    icon={<TrashIcon />}
                    onClick={() => setConfirming(true)}
                    disabled={activeOwn.length <= 1}
                    aria-describedby={activeOwn.length <= 1 ? refusalId : undefined}
                  >
                    {t('listsPage.delete')}
                  </Button>
                )
              ) : (
                <>
                  <PriceAlertsSwitch
                    key={selected.id}
                    kind="favorite"
                    listId={selected.id}
                    listName={selected.name}
                    initial={favorites.find((f) => f.id === selected.id)?.priceAlerts === true}
                    onChange={(on) => setFavorites((favs) => favs.map((f) => (f.id === selected.id ? { ...f, priceAlerts: on } : f)))}
                  />
                  <Button variant="secondary" icon={<HeartIcon />} loading={busy} onClick={() => void unfavoriteSelected()}>
                    {t('listsPage.unfavorite')}
                  </Button>
                </>
              )}
            </>
          ) : (
            <>
              <Link to={paths.createList} className="ui-button ui-button--primary ui-button--md">
                <PlusIcon />
                <span className="ui-button__label">{t('listsPage.create')}</span>
              </Link>
              <Button variant="secondary" icon={<UploadIcon />} onClick={() => setImporting(true)}>
                {t('importList.open')}
              </Button>
            </>
          )}
        </div>
        {selected?.owned && !selected.managed && activeOwn.length <= 1 && (
          <>
            <p id={refusalId} className="lists-footer__note">
              {t('header.deleteOnlyList')}
            </p>
            <p id={archiveRefusalId} className="lists-footer__note">
              {t('occasion.archiveOnlyList')}
            </p>
          </>
        )}
      </div>
      {importing && <ImportListDialog onClose={() => setImporting(false)} onImported={onImported} />}
      <ConfirmDialog
        open={confirming && !!selected}
        title={t('deleteList.title', { name: selected?.name ?? '' })}
        confirmLabel={t('deleteList.confirm')}
        cancelLabel={t('deleteList.cancel')}
        onConfirm={() => void deleteSelected()}
        onCancel={() => setConfirming(false)}
        busy={busy}
      >
        <p>{t('deleteList.text')}</p>
      </ConfirmDialog>
    </section>
  );
}
