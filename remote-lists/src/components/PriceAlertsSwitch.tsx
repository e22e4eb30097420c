import { useId, useState } from 'react';
import { isSignedOutError, setFavoritePriceAlerts, setListPriceAlerts } from '@wishlist/api-client';
import { notify } from '@wishlist/stores';
import { useListsT } from '../i18n';

/**
 * A checkbox that saves at once: a follower's price-drop mails for one favorite (`favorite`), or
 * the owner's switch for all the followers of their list (`list`). A failed save puts it back.
 */
export function PriceAlertsSwitch({ kind, listId, listName, initial, onChange }: {
  kind: 'favorite' | 'list';
  listId: string;
  listName?: string;
  initial: boolean;
  onChange?: (on: boolean) => void;
}) {
  const { t } = useListsT();
  const id = useId();
  const [on, setOn] = useState(initial);
  const [saving, setSaving] = useState(false);

  async function change(next: boolean) {
    setOn(next);
    setSaving(true);
    try {
      if (kind === 'favorite') await setFavoritePriceAlerts(listId, next);
      else await setListPriceAlerts(listId, next);
      onChange?.(next);
      notify({ type: 'success', message: t(kind === 'favorite' ? 'priceWatch.favoriteAlertsSaved' : 'priceWatch.listAlertsSaved') });
    } catch (err) {
      setOn(!next);
      if (!isSignedOutError(err)) notify({ type: 'error', message: t('priceWatch.saveFailed') });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="lists-switch">
      <input id={id} type="checkbox" checked={on} disabled={saving} aria-describedby={kind === 'list' ? `${id}-hint` : undefined} onChange={(e) => void change(e.target.checked)} />
      <label htmlFor={id}>{kind === 'favorite' ? t('priceWatch.favoriteAlerts', { name: listName ?? '' }) : t('priceWatch.listAlerts')}</label>
      {kind === 'list' && (
        <p id={`${id}-hint`} className="lists-switch__hint">
          {t('priceWatch.listAlertsHint')}
        </p>
      )}
    </div>
  );
}
