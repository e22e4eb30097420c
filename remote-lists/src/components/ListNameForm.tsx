import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { LIST_NAME_MAX_LENGTH, isValidListName } from '@wishlist/contracts';
import { Button, TextField } from '@wishlist/ui';
import { useListsT } from '../i18n';

export interface ListNameFormProps {
  initialName?: string;
  submitLabel: string;
  /** Resolves when saved; rejects with `{ name: message }` to flag the field (422). */
  onSubmit: (name: string) => Promise<void>;
  secondary?: ReactNode;
}

/** SPEC §5: the list name; submit disabled while empty, a spinner while saving, 422 marks the field. */
export function ListNameForm({ initialName = '', submitLabel, onSubmit, secondary }: ListNameFormProps) {
  const { t } = useListsT();
  const [name, setName] = useState(initialName);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setName(initialName), [initialName]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isValidListName(name) || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(name.trim());
    } catch (err) {
      const field = (err as { name?: string } | null)?.name;
      if (typeof field === 'string') setError(field);
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
        error={error ?? undefined}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
      />
      <div className="lists-form__actions">
        <Button type="submit" loading={busy} disabled={!isValidListName(name)}>
          {submitLabel}
        </Button>
        {secondary}
      </div>
    </form>
  );
}
