// The list a product goes into: the person's own lists only, plus "create a new list" which opens
// an inline name field with confirm (disabled while empty) and cancel (SPEC §2, §5).
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { createProductList, isSignedOutError } from '@wishlist/api-client';
import { isValidListName, LIST_NAME_MAX_LENGTH, type ProductList } from '@wishlist/contracts';
import { notify } from '@wishlist/stores';
import { Button, TextField } from '@wishlist/ui';
import { fieldErrorsOf, isUnreachable } from './errors';
import { useProductsT } from './i18n';

const NEW_LIST = '__new-list__';

export interface ListSelectorProps {
  lists: Array<Pick<ProductList, 'id' | 'name'>>;
  value: string;
  onChange: (listId: string) => void;
  /** A list was created inline: the parent adds it to its options (it is then selected). */
  onCreated: (list: ProductList) => void;
  /** Whether the inline creation is open (the form's submit waits for it). */
  onCreatingChange?: (creating: boolean) => void;
  error?: string;
  disabled?: boolean;
}

export function ListSelector({ lists, value, onChange, onCreated, onCreatingChange, error, disabled }: ListSelectorProps) {
  const { t } = useProductsT();
  const id = useId();
  const selectId = `${id}-list`;
  const errorId = `${id}-error`;
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const selectRef = useRef<HTMLSelectElement>(null);

  const open = (next: boolean) => {
    setCreating(next);
    onCreatingChange?.(next);
    if (!next) {
      setName('');
      setNameError(undefined);
      // Back on the selector, as after closing any inline editor.
      setTimeout(() => selectRef.current?.focus(), 0);
    }
  };

  const confirm = async () => {
    if (!isValidListName(name) || busy) return;
    setBusy(true);
    try {
      const list = await createProductList({ name: name.trim() });
      onCreated(list);
      onChange(list.id);
      notify({ type: 'success', message: t('notifications.listCreated') });
      open(false);
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields.name) setNameError(fields.name);
      else if (!isSignedOutError(e))
        notify({
          type: 'error',
          message: isUnreachable(e) ? t('notifications.unreachable') : t('notifications.listCreateFailed'),
        });
    } finally {
      setBusy(false);
    }
  };

  const onNameKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter confirms the new list, never the whole product form around it.
    if (e.key === 'Enter') {
      e.preventDefault();
      void confirm();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      if (!busy) open(false);
    }
  };

  return (
    <div className="lists-pf-list">
      <div className={['ui-field', error && 'ui-field--invalid'].filter(Boolean).join(' ')}>
        <label className="ui-field__label" htmlFor={selectId}>
          {t('form.list')}
        </label>
        <select
          ref={selectRef}
          id={selectId}
          className="ui-field__input lists-pf-list__select"
          value={creating ? NEW_LIST : value}
          disabled={disabled || busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            if (e.target.value === NEW_LIST) open(true);
            else {
              if (creating) open(false);
              onChange(e.target.value);
            }
          }}
        >
          {!lists.some((l) => l.id === value) && !creating && <option value="" disabled hidden />}
          {lists.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
          <option value={NEW_LIST}>{t('form.newListOption')}</option>
        </select>
        {error && (
          <p id={errorId} className="ui-field__error">
            {error}
          </p>
        )}
      </div>
      {creating && (
        <div className="lists-pf-list__new">
          <TextField
            label={t('form.newListName')}
            value={name}
            maxLength={LIST_NAME_MAX_LENGTH}
            autoFocus
            autoComplete="off"
            error={nameError}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(undefined);
            }}
            onKeyDown={onNameKeyDown}
          />
          <div className="lists-pf-actions lists-pf-actions--inline">
            <Button variant="secondary" size="sm" onClick={() => open(false)} disabled={busy}>
              {t('form.newListCancel')}
            </Button>
            <Button size="sm" onClick={() => void confirm()} disabled={!isValidListName(name)} loading={busy}>
              {t('form.newListConfirm')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
