import { useId, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

interface FieldProps {
  label: ReactNode;
  /** An error message, or `true` to flag the field without a message. */
  error?: string | boolean;
  hint?: ReactNode;
  className?: string;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'>, FieldProps {}

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldProps {}

/**
 * The length of a field's text: its `value` when controlled, else what was typed (tracked through
 * `onChange`), starting from `defaultValue`.
 */
function useTextLength<E extends HTMLInputElement | HTMLTextAreaElement>(
  value: unknown,
  defaultValue: unknown,
  onChange: ((e: ChangeEvent<E>) => void) | undefined,
) {
  const [typed, setTyped] = useState(() => (defaultValue === undefined || defaultValue === null ? '' : String(defaultValue)).length);
  const length = value === undefined || value === null ? typed : String(value).length;
  const handleChange = (e: ChangeEvent<E>) => {
    setTyped(e.target.value.length);
    onChange?.(e);
  };
  return { length, handleChange };
}

/** The label, hint, error and remaining-characters counter around a control, and the ids and aria attributes that tie them to it. */
function Field({
  label,
  error,
  hint,
  required,
  id,
  prefix,
  className,
  maxLength,
  length,
  control,
}: FieldProps & {
  required?: boolean;
  id?: string;
  prefix: string;
  /** With a limit, a polite live counter of the characters left is shown under the field. */
  maxLength?: number;
  length: number;
  control: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const { t } = useTranslation('common');
  const generated = useId();
  const inputId = id ?? `${prefix}${generated}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = typeof error === 'string' && error ? `${inputId}-error` : undefined;
  const limited = typeof maxLength === 'number' && maxLength > 0;
  const counterId = limited ? `${inputId}-counter` : undefined;
  const left = limited ? Math.max(0, maxLength - length) : 0;
  const invalid = Boolean(error);
  return (
    <div className={['ui-field', invalid && 'ui-field--invalid', className].filter(Boolean).join(' ')}>
      <label className="ui-field__label" htmlFor={inputId}>
        {label}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            {' '}*
          </span>
        )}
      </label>
      {control({
        id: inputId,
        'aria-invalid': invalid || undefined,
        'aria-describedby': [hintId, counterId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      {(hint || counterId) && (
        <div className="ui-field__notes">
          {hint && (
            <p id={hintId} className="ui-field__hint">
              {hint}
            </p>
          )}
          {counterId && (
            <p id={counterId} className={['ui-field__counter', left === 0 && 'ui-field__counter--full'].filter(Boolean).join(' ')} aria-live="polite">
              {t('fields.charactersLeft', { count: left })}
            </p>
          )}
        </div>
      )}
      {errorId && (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A text input; with `maxLength` it stops at the limit and counts the characters left. */
export function TextField({ label, error, hint, required, id, className, onChange, ...rest }: TextFieldProps) {
  const { length, handleChange } = useTextLength(rest.value, rest.defaultValue, onChange);
  return (
    <Field
      {...{ label, error, hint, required, id, className, maxLength: rest.maxLength, length }}
      prefix="tf"
      control={(aria) => <input {...rest} {...aria} onChange={handleChange} required={required} className="ui-field__input" />}
    />
  );
}

/** The multi-line TextField. */
export function TextArea({ label, error, hint, required, id, className, onChange, ...rest }: TextAreaProps) {
  const { length, handleChange } = useTextLength(rest.value, rest.defaultValue, onChange);
  return (
    <Field
      {...{ label, error, hint, required, id, className, maxLength: rest.maxLength, length }}
      prefix="ta"
      control={(aria) => (
        <textarea {...rest} {...aria} onChange={handleChange} required={required} className="ui-field__input ui-field__input--multiline" />
      )}
    />
  );
}
