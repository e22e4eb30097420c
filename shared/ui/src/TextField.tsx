import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface FieldProps {
  label: ReactNode;
  /** An error message, or `true` to flag the field without a message. */
  error?: string | boolean;
  hint?: ReactNode;
  className?: string;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'>, FieldProps {}

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldProps {}

/** The label, hint and error around a control, and the ids and aria attributes that tie them to it. */
function Field({
  label,
  error,
  hint,
  required,
  id,
  prefix,
  className,
  control,
}: FieldProps & {
  required?: boolean;
  id?: string;
  prefix: string;
  control: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const generated = useId();
  const inputId = id ?? `${prefix}${generated}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = typeof error === 'string' && error ? `${inputId}-error` : undefined;
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
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      {errorId && (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({ label, error, hint, required, id, className, ...rest }: TextFieldProps) {
  return (
    <Field
      {...{ label, error, hint, required, id, className }}
      prefix="tf"
      control={(aria) => <input {...rest} {...aria} required={required} className="ui-field__input" />}
    />
  );
}

/** The multi-line TextField. */
export function TextArea({ label, error, hint, required, id, className, ...rest }: TextAreaProps) {
  return (
    <Field
      {...{ label, error, hint, required, id, className }}
      prefix="ta"
      control={(aria) => (
        <textarea {...rest} {...aria} required={required} className="ui-field__input ui-field__input--multiline" />
      )}
    />
  );
}
