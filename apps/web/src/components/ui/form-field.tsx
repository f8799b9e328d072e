import { type ComponentPropsWithRef, useId } from 'react';

export interface FormFieldProps extends Omit<
  ComponentPropsWithRef<'input'>,
  'id' | 'className' | 'aria-invalid' | 'aria-describedby'
> {
  label: string;
  /** A line under the input that describes it (read with the field). */
  hint?: string | undefined;
  /** This field's own error, shown under it and read with it; the field is then marked invalid. */
  error?: string | null | undefined;
  /** Marks the field invalid when its error is said elsewhere (a form's error line: `describedBy`). */
  invalid?: boolean | undefined;
  /** The id of text elsewhere that describes the field, e.g. the form's error line. */
  describedBy?: string | undefined;
  id?: string | undefined;
}

/**
 * The one labelled text input of the app's forms: a label, the input, an optional hint and error, with
 * `aria-invalid` and `aria-describedby` set from them so that screen readers read the hint and the
 * error with the field.
 */
export function FormField({ label, hint, error, invalid, describedBy, id, ...input }: FormFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describers = [hint ? hintId : null, error ? errorId : null, describedBy ?? null].filter(Boolean);
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="input"
        aria-invalid={invalid || error ? true : undefined}
        aria-describedby={describers.length > 0 ? describers.join(' ') : undefined}
        {...input}
      />
      {hint ? (
        <span className="field__hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="field__error" id={errorId}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
