import { useId } from 'react';
import type { ProductList } from '@wishlist/contracts';
import { Button } from '@wishlist/ui';
import { useListsT } from '../i18n';
import { ChevronLeft, ChevronRight, HeartIcon, TrashIcon } from './Icons';
import { OccasionNote } from './OccasionNote';

export interface ListHeaderProps {
  list: ProductList;
  index: number;
  count: number;
  /** The products the list holds (default: those read); a list shown from its first products says its whole count. */
  productCount?: number;
  onPrevious: () => void;
  onNext: () => void;
  /** Non-owners: the favorite toggle. */
  favorite?: { active: boolean; busy: boolean; onToggle: () => void };
  /** Owners: the delete control. */
  onDelete?: () => void;
  /** Owners: why the list cannot be deleted (the only one they own); the control is then disabled. */
  deleteRefusal?: string;
  /** Replaces the "Shared with you" badge of a non-owner (the owner's visitor preview says so). */
  badge?: string;
}

/**
 * SPEC §2: the list name between previous/next arrows (only with more than one list; navigation
 * wraps at both ends), a favorite toggle for non-owners and a delete control for owners.
 */
export function ListHeader({ list, index, count, productCount, onPrevious, onNext, favorite, onDelete, deleteRefusal, badge }: ListHeaderProps) {
  const { t } = useListsT();
  const refusalId = useId();
  const many = count > 1;
  return (
    <div className="lists-header">
      {many && (
        <button type="button" className="lists-icon-button lists-header__arrow" onClick={onPrevious} aria-label={t('listing.previousList')}>
          <ChevronLeft />
        </button>
      )}
      <div className="lists-header__title">
        <h1 id="lists-current-title" tabIndex={-1}>
          {list.name}
        </h1>
        <p className="lists-header__meta">
          {/* Each part stays on one line ("List 5 of 5"); the line breaks between parts. */}
          <span className="lists-header__part">{t('listing.productCount', { count: productCount ?? list.products.length })}</span>
          {many && (
            <>
              {' · '}
              <span className="lists-header__part">{t('listing.position', { index: index + 1, count })}</span>
            </>
          )}
          {!list.isOwner && <span className="lists-header__badge">{badge ?? t('listing.sharedBadge')}</span>}
        </p>
        <OccasionNote list={list} />
      </div>
      {many && (
        <button type="button" className="lists-icon-button lists-header__arrow" onClick={onNext} aria-label={t('listing.nextList')}>
          <ChevronRight />
        </button>
      )}
      <div className="lists-header__tools">
        {favorite && (
          <Button
            variant={favorite.active ? 'secondary' : 'ghost'}
            size="sm"
            aria-pressed={favorite.active}
            loading={favorite.busy}
            onClick={favorite.onToggle}
            icon={<HeartIcon filled={favorite.active} />}
            className="lists-header__favorite"
          >
            {favorite.active ? t('header.removeFavorite') : t('header.addFavorite')}
          </Button>
        )}
        {onDelete && (
          <span className="lists-header__delete-group">
            <Button
              variant="ghost"
              size="sm"
              onClick={onDelete}
              icon={<TrashIcon />}
              className="lists-header__delete"
              disabled={!!deleteRefusal}
              aria-describedby={deleteRefusal ? refusalId : undefined}
            >
              {t('header.deleteList')}
            </Button>
            {deleteRefusal && (
              <span id={refusalId} className="lists-header__refusal">
                {deleteRefusal}
              </span>
            )}
          </span>
        )}
      </div>
    </div>
  );
}
