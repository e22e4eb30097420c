// /create-product/{productListId?} (SPEC §2 url-for-product-creation): URL step, then the form.
import { useNavigate, useParams } from 'react-router-dom';
import { useListsT } from '../../i18n';
import { usePageTitle } from '../../lib/usePageTitle';
import { useProductsT } from '../i18n';
import { ProductCreation } from '../ProductCreation';
import { productListingPath, useGoBack } from '../navigation';

export default function ProductCreationPage() {
  const { productListId } = useParams();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const { t } = useProductsT();
  const { t: tLists } = useListsT();
  usePageTitle(t('titles.create'), tLists('common.siteName'));
  return (
    <div className="lists-pf-page">
      <ProductCreation
        headingLevel={1}
        productListId={productListId}
        onSaved={({ product }) => navigate(productListingPath(product.productListId, product.id))}
        onCancel={() => goBack(productListId ? productListingPath(productListId) : '/')}
      />
    </div>
  );
}
