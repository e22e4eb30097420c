// Stand-in for the product forms' `ProductFormPanel` (src/products/, built by another engineer)
// until their module exists: the build aliases `@lists/product-form` to theirs as soon as it does.
import { Spinner } from '@wishlist/ui';
import type { ProductFormPanelProps } from '@lists/product-form';
import { useListsT } from '../i18n';

export function ProductFormPanel(props: ProductFormPanelProps) {
  const { t } = useListsT();
  void props;
  return (
    <div className="lists-panel__pending">
      <Spinner size="lg" label={t('creation.loading')} />
      <p>{t('creation.pending')}</p>
    </div>
  );
}
