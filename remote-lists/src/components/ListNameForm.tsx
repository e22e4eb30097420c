import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { LIST_NAME_MAX_LENGTH, isCalendarDate, isValidListName } from '@wishlist/contracts';
import { Button, TextField } from '@wishlist/ui';
import { useListsT } from '../i18n';

/** Messages to show on the fields after a refusal (422). */
export interface ListFormErrors {
  name?: string;
  eventDate?: string;
}

export interface ListNameFormProps {
  initialName?: string;
  /** The list's occasion day (`YYYY-MM-DD`), or null: the form then offers to set or clear it. */
  initialDate?: string | null;
  /** Whether the form has the occasion's date field. */
  withDate?: boolean;
  submitLabel: string;
  /**
   * Resolves when saved; rejects with `ListFormErrors` to flag the fields (422). `eventDate` is
   * given only when it changed (a day, or null to clear it), so a list saved without touching it
   * is sent as SPEC §7 writes it.
   */
  onSubmit: (name: string, eventDate?: string | null) => Promise<void>;
  secondary?: ReactNode;
  /** More fields of the page's own, shown above the buttons (the page keeps their values). */
  extra?: ReactNode;
}

/** SPEC §5: the list name; submit disabled while empty, a spinner while saving, 422 marks the field. */
export function ListNameForm({ initialName = '', initialDate = null, withDate = false, submitLabel, onSubmit, secondary, extra }: ListNameFormProps) {
  const { t } = useListsT();
  const [name, setName] = useState(initialName);
  const [date, setDate] = useState(initialDate ?? '');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<ListFormErrors>({});
  useEffect(() => setName(initialName), [initialName]);
  useEffect(() => setDate(initialDate ?? ''), [initialDate]);
  const dateValid = date === '' || isCalendarDate(date);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isValidListName(name) || busy) return;
    if (!dateValid) {
      setErrors({ eventDate: t('occasion.dateInvalid') });
      return;
    }
    setBusy(true);
    setErrors({});
    const eventDate = date === '' ? null : date;
    try {
      await onSubmit(name.trim(), withDate && eventDate !== (initialDate ?? null) ? eventDate : undefined);
    } catch (err) {
      const fields = (err ?? {}) as ListFormErrors;
      setErrors({
        ...(typeof fields.name === 'string' ? { name: fields.name } : {}),
        ...(typeof fields.eventDate === 'string' ? { eventDate: fields.eventDate } : {}),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="lists-form" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        autoFocus
        label={t('form.nameLabel')}
        name="name"
        value={name}
        required
        autoComplete="off"
        maxLength={LIST_NAME_MAX_LENGTH}
        hint={t('form.nameHint')}
        error={errors.name}
        onChange={(e) => {
          setName(e.target.value);
          setErrors(({ name: _name, ...rest }) => rest);
        }}
      />
      {withDate && (
        <div className="lists-form__date">
          <TextField
            type="date"
            label={t('occasion.dateLabel')}
            name="eventDate"
            value={date}
            hint={t('occasion.dateHint')}
            error={errors.eventDate}
            onChange={(e) => {
              setDate(e.target.value);
              setErrors(({ eventDate: _eventDate, ...rest }) => rest);
            }}
          />
          {date !== '' && (
            <Button type="button" variant="ghost" size="sm" onClick={() => setDate('')}>
              {t('occasion.clearDate')}
            </Button>
          )}
        </div>
      )}
      {extra}
      <div className="lists-form__actions">
        <Button type="submit" loading={busy} disabled={!isValidListName(name)}>
          {submitLabel}
        </Button>
        {secondary}
      </div>
    </form>
  );
}
