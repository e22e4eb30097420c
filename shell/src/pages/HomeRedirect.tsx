import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePreferencesStore } from '@wishlist/stores';
import { decideHome } from '../session/defaultList';
import { PageLoading } from '../federation/RemotePage';

/**
 * `/`: decides where the user starts (SPEC §2). The `encodedProductUrl` query (desktop product
 * creation from a link) travels on to the list page, which opens its prefilled creation panel;
 * signed out, it waits in `auth-redirection` until the sign-in is done.
 */
export default function HomeRedirect() {
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    let cancelled = false;
    const carriesProduct = new URLSearchParams(search).has('encodedProductUrl');
    void decideHome().then(({ to }) => {
      if (cancelled) return;
      if (carriesProduct && to.startsWith('/product-list/')) return navigate(`${to}${search}`, { replace: true });
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
