// Find-in-page for a long list: a windowed grid renders only the cards on screen, which the
// browser's own find (Ctrl+F) cannot see, so the page offers its own search over every product.
import { useId } from 'react';
import type { Product } from '@wishlist/contracts';
import { useListsT } from '../i18n';
import { WINDOW_FROM } from './useCardWindow';

/** Lists long enough to be windowed get the search field. */
export function hasListSearch(count: number): boolean {
  return count > WINDOW_FROM;
}

/** Case and accents aside: "Théière" is found with "theiere". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** The products whose name, shop or note holds every word of `query`, in the list's order. */
export function productsMatching(products: Product[], query: string): Product[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return products;
  return products.filter((p) => {
    const text = folded([p.name, p.websiteName, p.note].filter(Boolean).join(' '));
    return words.every((w) => text.includes(w));
  });
}

export interface ListSearchProps {
  query: string;
  onQueryChange: (query: string) => void;
  /** Products found, and in the whole list. */
  found: number;
  total: number;
}

/** The search field above a long list, with its result said to screen readers as it changes. */
export function ListSearch({ query, onQueryChange, found, total }: ListSearchProps) {
  const { t } = useListsT();
  const id = useId();
  const trimmed = query.trim();
  return (
    <div className="lists-search" role="search">
      <label htmlFor={id} className="ui-visually-hidden">
        {t('product.searchLabel')}
      </label>
      <input
        id={id}
        type="search"
        className="lists-search__input lists-no-swipe"
        value={query}
        maxLength={200}
        placeholder={t('product.searchPlaceholder')}
        autoComplete="off"
        onChange={(e) => onQueryChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && query) {
            e.preventDefault();
            onQueryChange('');
          }
        }}
      />
      {trimmed && (
        <button type="button" className="lists-search__clear" onClick={() => onQueryChange('')}>
          {t('product.searchClear')}
        </button>
      )}
      <p className="lists-search__result" role="status">
        {trimmed ? (found === 0 ? t('product.searchNone', { query: trimmed }) : t('product.searchResult', { count: found, total, query: trimmed })) : ''}
      </p>
    </div>
  );
}
