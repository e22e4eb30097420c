import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { addFavorite, removeFavorite } from '@wishlist/api-client';
import { notify, usePreferencesStore } from '@wishlist/stores';
import { PageLoading } from '../components/PageState';
import { useListsT } from '../i18n';
import { usePageTitle } from '../lib/usePageTitle';
import { isUnreachable, statusOf } from '../lib/errors';
import { paths } from '../lib/paths';
import { useListsStore } from '../state/listsStore';
import '../styles/lists.css';

/**
 * `/product-list/{productListId}/favorite/{addToFavorite}`: the shared-list view that favorites the
 * list on load (`true`; `false` removes it), then shows the list. A 401 stores this route in
 * auth-redirection and asks for a sign-in (SPEC §6), which brings the user back here.
 */
export default function FavoriteListPage() {
  const { t } = useListsT();
  usePageTitle(t('favoritePage.documentTitle'), t('common.siteName'));
  const navigate = useNavigate();
  const { productListId = '', addToFavorite } = useParams();
  const add = addToFavorite !== 'false';
  const started = useRef<string | null>(null);

  useEffect(() => {
    const key = `${productListId}/${add}`;
    if (started.current === key) return;
    started.current = key;
    (add ? addFavorite(productListId) : removeFavorite(productListId)).then(
      () => {
        useListsStore.getState().setFavorite(productListId, add);
        notify({ type: 'success', message: t(add ? 'notifications.favoriteAdded' : 'notifications.favoriteRemoved') });
        // Favorited: it is now one of the caller's lists, in the slider. Removed: its shared view.
        navigate(add ? paths.listing(productListId) : paths.see(productListId), { replace: true });
      },
      (e: unknown) => {
        const status = statusOf(e);
        if (status === 401) {
          usePreferencesStore.getState().setAuthRedirection(paths.favorite(productListId, add));
          navigate('/authenticate/favorite', { replace: true });
        } else if (status === 422) {
          // The caller's own list: it is already theirs.
          navigate(paths.listing(productListId), { replace: true });
        } else if (status === 404 || status === 400) {
          navigate(paths.notFound, { replace: true });
        } else if (isUnreachable(e)) {
          navigate(paths.serverError, { replace: true });
        } else if (add && status === 409) {
          // As many favorites as an account keeps: the message says which step frees one.
          notify({ type: 'error', message: t('notifications.favoritesFull') });
          navigate(paths.see(productListId), { replace: true });
        } else {
          notify({ type: 'error', message: t(add ? 'notifications.favoriteAddFailed' : 'notifications.favoriteRemoveFailed') });
          navigate(paths.see(productListId), { replace: true });
        }
      },
    );
  }, [productListId, add, navigate, t]);

  return <PageLoading label={t(add ? 'favoritePage.adding' : 'favoritePage.removing')} />;
}
