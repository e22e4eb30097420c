import type { ProductList } from '@wishlist/contracts';
import { useListsT } from '../i18n';
import { occasionOf } from '../lib/occasion';

/**
 * Under a list's name: its occasion ("Occasion in 12 days", "today", "was on …") and, for an
 * archived list, that it is archived (read-only, no more offers).
 */
export function OccasionNote({ list }: { list: Pick<ProductList, 'eventDate' | 'archived' | 'isOwner'> }) {
  const { t, i18n } = useListsT();
  const occasion = list.eventDate ? occasionOf(list.eventDate, i18n.language) : null;
  if (!occasion && !list.archived) return null;
  return (
    <>
      {occasion && (
        <p className="lists-occasion">
          {occasion.kind === 'upcoming'
            ? t('occasion.upcoming', { when: occasion.when, date: occasion.date })
            : occasion.kind === 'today'
              ? t('occasion.today', { date: occasion.date })
              : t('occasion.past', { date: occasion.date })}
        </p>
      )}
      {list.archived && (
        <p className="lists-archived" role="note">
          <strong>{t('occasion.archived')}</strong> {list.isOwner ? t('occasion.archivedOwner') : t('occasion.archivedVisitor')}
        </p>
      )}
    </>
  );
}
