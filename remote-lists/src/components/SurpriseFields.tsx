import { useId } from 'react';
import { TextField } from '@wishlist/ui';
import { useListsT } from '../i18n';
import '../styles/surprise.css';

/** The list form's surprise choice: keep it, and the day to see the gifts (`''`: after the occasion). */
export interface SurpriseChoice {
  surprise: boolean;
  revealAt: string;
}

/** A stored `revealAt` as the date field shows it: its day (an instant shows its UTC day). */
export function revealDay(revealAt: string | null | undefined): string {
  return revealAt ? revealAt.slice(0, 10) : '';
}

/**
 * "Keep the surprise (recommended)" with what it changes, and when it is kept, the optional day
 * the owner sees what was given.
 */
export function SurpriseFields({ value, onChange, error }: { value: SurpriseChoice; onChange: (next: SurpriseChoice) => void; error?: string }) {
  const { t } = useListsT();
  const id = useId();
  return (
    <fieldset className="lists-surprise-fields">
      <legend className="ui-field__label">{t('surprise.fieldset')}</legend>
      <div className="lists-switch">
        <input
          id={id}
          type="checkbox"
          name="surprise"
          checked={value.surprise}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onChange({ ...value, surprise: e.target.checked })}
        />
        <label htmlFor={id}>{t('surprise.keep')}</label>
        <p id={`${id}-hint`} className="lists-switch__hint">
          {t('surprise.keepHint')}
        </p>
      </div>
      {value.surprise && (
        <TextField
          type="date"
          label={t('surprise.revealLabel')}
          name="revealAt"
          value={value.revealAt}
          hint={t('surprise.revealHint')}
          error={error}
          onChange={(e) => onChange({ ...value, revealAt: e.target.value })}
        />
      )}
    </fieldset>
  );
}
