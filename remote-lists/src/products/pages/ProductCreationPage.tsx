// /create-product/{productListId?} (SPEC §2 url-for-product-creation): URL step, then the form.
import { useNavigate, useParams } from 'react-router-dom';
import { ProductCreation } from '../ProductCreation';
import { productListingPath, useGoBack } from '../navigation';

export default function ProductCreationPage() {
  const { productListId } = useParams();
  const navigate = useNavigate();
  const goBack = useGoBack();
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
