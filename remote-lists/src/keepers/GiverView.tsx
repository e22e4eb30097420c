import type { Product, ProductList } from '@wishlist/contracts';
import { Button } from '@wishlist/ui';
import { ListView } from '../components/ListView';
import { useListsT } from '../i18n';
import './keepers.css';

/**
 * A keeper of a list kept for someone else, giving on it: the list as its visitors see it (what is
 * taken, the basket), with a word on where they are and the way back to their own view.
 */
export function GiverView({ list, onSelectProduct, onExit }: { list: ProductList; onSelectProduct: (product: Product) => void; onExit: () => void }) {
  const { t } = useListsT();
  return (
    <>
      <div className="lists-preview" role="note" aria-label={t('giving.label')}>
        <p className="lists-preview__text">
          <strong>{t('giving.title')}</strong> {t('giving.text')}
        </p>
        <Button variant="secondary" size="sm" onClick={onExit}>
          {t('giving.exit')}
        </Button>
      </div>
      <ListView lists={[{ ...list, isOwner: false, isManager: undefined }]} activeIndex={0} onShowList={() => undefined} onSelectProduct={onSelectProduct} isFavorite={() => false} />
    </>
  );
}
