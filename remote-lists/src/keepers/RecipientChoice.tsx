import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { LIST_RECIPIENTS, type ListRecipient } from '@wishlist/contracts';
import { isSignedOutError, updateProductList } from '@wishlist/api-client';
import { notify } from '@wishlist/stores';
import { useListsT } from '../i18n';
import { paths } from '../lib/paths';
import './keepers.css';

const LABELS: Record<ListRecipient, { label: string; hint: string }> = {
  me: { label: 'recipient.me', hint: 'recipient.meHint' },
  'someone-else': { label: 'recipient.someoneElse', hint: 'recipient.someoneElseHint' },
  us: { label: 'recipient.us', hint: 'recipient.usHint' },
};

/** "Who is this list for?": three radios, each with what it changes (native radios: arrow keys move between them). */
export function RecipientChoice({ value, onChange, disabled = false }: { value: ListRecipient; onChange: (value: ListRecipient) => void; disabled?: boolean }) {
  const { t } = useListsT();
  const id = useId();
  return (
    <fieldset className="keepers-recipient" disabled={disabled}>
      <legend>{t('recipient.legend')}</legend>
      {LIST_RECIPIENTS.map((r) => (
        <div key={r} className="keepers-recipient__option">
          <input
            id={`${id}-${r}`}
            type="radio"
            name={`${id}-recipient`}
            value={r}
            checked={value === r}
            aria-describedby={`${id}-${r}-hint`}
            onChange={() => onChange(r)}
          />
          <label htmlFor={`${id}-${r}`}>{t(LABELS[r].label)}</label>
          <p id={`${id}-${r}-hint`} className="keepers-recipient__hint">
            {t(LABELS[r].hint)}
          </p>
        </div>
      ))}
    </fieldset>
  );
}

/** The same choice on an existing list, saved at once (a failed save puts it back). */
export function RecipientSetting({ listId, initial, onSaved }: { listId: string; initial: ListRecipient; onSaved?: (value: ListRecipient) => void }) {
  const { t } = useListsT();
  const [value, setValue] = useState(initial);
  const [saving, setSaving] = useState(false);
  const change = async (next: ListRecipient) => {
    const before = value;
    setValue(next);
    setSaving(true);
    try {
      await updateProductList(listId, { recipient: next });
      onSaved?.(next);
      notify({ type: 'success', message: t('recipient.saved') });
    } catch (e) {
      setValue(before);
      if (!isSignedOutError(e)) notify({ type: 'error', message: t('recipient.saveFailed') });
    } finally {
      setSaving(false);
    }
  };
  // Not disabled while saving: a disabled fieldset would drop the keyboard focus from the radio.
  return (
    <>
      <RecipientChoice value={value} onChange={(next) => !saving && void change(next)} />
      {value === 'someone-else' && (
        <p>
          <Link to={`${paths.see(listId)}?as=giver`}>{t('giving.link')}</Link>
        </p>
      )}
    </>
  );
}
