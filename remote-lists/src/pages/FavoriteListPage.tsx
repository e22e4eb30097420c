import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { addFavorite, removeFavorite } from '@wishlist/api-client';
import { notify, usePreferencesStore } from '@wishlist/stores';
import { PageLoading } from '../components/PageState';
import { useListsT } from '../i18n';
import { usePageTitle } from '../lib/usePageTitle';
import { isUnreachable, statusOf } from '../lib/errors';
import { rememberFavoriteIntent, takeFavoriteIntent } from '../lib/favoriteIntent';
import { paths } from '../lib/paths';
import { useListsStore } from '../state/listsStore';
import '../styles/lists.css';

/**
 * `/product-list/{productListId}/favorite/{addToFavorite}`: where a sign-in asked to favorite a
 * list comes back to (SPEC §6). It favorites the list (`true`; `false` removes it) only when this
 * browser stored that very intent before (favoriteIntent.ts); opened any other way, it changes
 * nothing and shows the list, whose button adds it. A 401 stores this route in auth-redirection,
 * keeps the intent and asks for a sign-in, which brings the person back here.
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
    if (!takeFavoriteIntent(productListId, add)) {
      navigate(paths.see(productListId), { replace: true });
      return;
    }
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
          rememberFavoriteIntent(productListId, add);
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
