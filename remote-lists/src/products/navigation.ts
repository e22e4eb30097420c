import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** The listing route of SPEC §2 (product-listing), focusing a product when given. */
export function productListingPath(listId: string, productId?: string): string {
  return `/product-list/${encodeURIComponent(listId)}${productId ? `/${encodeURIComponent(productId)}` : ''}`;
}

/** "Go back": the previous history entry when this page was reached in the app, else `fallback`. */
export function useGoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (fallback: string) => {
      if (location.key !== 'default') navigate(-1);
      else navigate(fallback, { replace: true });
    },
    [navigate, location.key],
  );
}
