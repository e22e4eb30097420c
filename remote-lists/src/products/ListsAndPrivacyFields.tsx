// "Also on" (the owner's other lists: the same wish shown on each, one offered state for all) and
// "Private" (only the owner sees it; nobody can offer it) of the product form.
import type { ProductList } from '@wishlist/contracts';
import { useProductsT } from './i18n';
import './severalLists.css';

export function ListsAndPrivacyFields({
  idPrefix,
  lists,
  homeListId,
  alsoOn,
  onAlsoOnChange,
  hidden,
  onHiddenChange,
  error,
  disabled,
}: {
  idPrefix: string;
  /** The owner's active lists. */
  lists: ProductList[];
  /** The list chosen in the list selector (not offered here). */
  homeListId: string;
  alsoOn: string[];
  onAlsoOnChange: (next: string[]) => void;
  hidden: boolean;
  onHiddenChange: (next: boolean) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useProductsT();
  const others = lists.filter((l) => l.id !== homeListId);
  return (
    <div className="lists-pf-extras">
      {others.length > 0 && (
        <fieldset className="lists-pf-also" data-field="productListIds" aria-describedby={`${idPrefix}-also-hint`} tabIndex={-1}>
          <legend className="lists-pf-also__legend">{t('severalLists.alsoOn')}</legend>
          <p id={`${idPrefix}-also-hint`} className="lists-pf-muted">
            {t('severalLists.alsoOnHint')}
          </p>
          {others.map((l) => (
            <div key={l.id} className="lists-pf-check">
              <input
                id={`${idPrefix}-also-${l.id}`}
                type="checkbox"
                checked={alsoOn.includes(l.id)}
                disabled={disabled}
                onChange={(e) => onAlsoOnChange(e.target.checked ? [...alsoOn, l.id] : alsoOn.filter((id) => id !== l.id))}
              />
              <label htmlFor={`${idPrefix}-also-${l.id}`}>{l.name}</label>
            </div>
          ))}
          {error && (
            <p className="ui-field__error" role="alert">
              {error}
            </p>
          )}
        </fieldset>
      )}
      <div className="lists-pf-check">
        <input
          id={`${idPrefix}-hidden`}
          data-field="hidden"
          type="checkbox"
          role="switch"
          checked={hidden}
          disabled={disabled}
          aria-describedby={`${idPrefix}-hidden-hint`}
          onChange={(e) => onHiddenChange(e.target.checked)}
        />
        <label htmlFor={`${idPrefix}-hidden`}>{t('severalLists.private')}</label>
        <p id={`${idPrefix}-hidden-hint`} className="lists-pf-muted">
          {t('severalLists.privateHint')}
        </p>
      </div>
    </div>
  );
}
