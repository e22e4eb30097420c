import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePreferencesStore } from '@wishlist/stores';
import { decideHome } from '../session/defaultList';
import { PageLoading } from '../federation/RemotePage';

/**
 * `/`: decides where the user starts (SPEC §2). The `encodedProductUrl` query (desktop product
 * creation from a link) travels on to the list page, which opens its prefilled creation panel: the
 * page of the list the link chose (`productListId` query), else the default list's; signed out,
 * both wait in `auth-redirection` until the sign-in is done.
 */
export default function HomeRedirect() {
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    let cancelled = false;
    const query = new URLSearchParams(search);
    const carriesProduct = query.has('encodedProductUrl');
    // The list the link chose (/create-product/from/{url}/to/{listId} on desktop): its page opens
    // the panel with that list preselected, rather than the default list's.
    const chosenListId = query.get('productListId');
    void decideHome().then(({ to }) => {
      if (cancelled) return;
      if (carriesProduct && to.startsWith('/product-list/')) {
        if (!chosenListId) return navigate(`${to}${search}`, { replace: true });
        query.delete('productListId');
        return navigate(`/product-list/${encodeURIComponent(chosenListId)}?${query}`, { replace: true });
      }
      if (carriesProduct && to === '/authenticate') {
        usePreferencesStore.getState().setAuthRedirection(`/${search}`);
        return navigate('/authenticate/mandatory', { replace: true });
      }
      navigate(to, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate, search]);
  return <PageLoading />;
}
