// /create-product/from/{encodedProductUrl}/to/{productListIdFromUrl?} (SPEC §2
// product-creation-from-url): the Android share intent and the extension land here. On desktop the
// listing opens its creation panel instead (`/?encodedProductUrl=`); on mobile the form opens here,
// its page already read. A link that holds no valid URL: failure notification, then /create-product.
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { notify } from '@wishlist/stores';
import { useIsMobile } from '@wishlist/ui';
import { useListsT } from '../../i18n';
import { usePageTitle } from '../../lib/usePageTitle';
import { useProductsT } from '../i18n';
import { productListingPath, useGoBack } from '../navigation';
import { ProductCreation } from '../ProductCreation';
import { decodeProductUrl } from '../productUrl';

export default function ProductFromUrlPage() {
  const { encodedProductUrl = '', productListIdFromUrl } = useParams();
  const { t } = useProductsT();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const isMobile = useIsMobile();
  const url = decodeProductUrl(encodedProductUrl);
  const { t: tLists } = useListsT();
  usePageTitle(t('titles.create'), tLists('common.siteName'));

  useEffect(() => {
    if (!url) notify({ type: 'error', message: t('notifications.badLink') });
  }, [url, t]);

  if (!url) return <Navigate to="/create-product" replace />;
  // Desktop: the listing's creation panel, through `/` (SPEC §2); the chosen list travels along so
  // `/` opens that list (its panel preselects it) instead of the default one.
  if (!isMobile) {
    const query = new URLSearchParams({ encodedProductUrl });
    if (productListIdFromUrl) query.set('productListId', productListIdFromUrl);
    return <Navigate to={`/?${query}`} replace />;
  }

  return (
    <div className="lists-pf-page">
      <ProductCreation
        headingLevel={1}
        initialUrl={url}
        productListId={productListIdFromUrl}
        onSaved={({ product }) => navigate(productListingPath(product.productListId, product.id))}
        onSaveFailed={() => goBack(productListIdFromUrl ? productListingPath(productListIdFromUrl) : '/')}
        onCancel={() => goBack(productListIdFromUrl ? productListingPath(productListIdFromUrl) : '/')}
      />
    </div>
  );
}
