import { type ComponentPropsWithoutRef, useId } from 'react';

interface FieldProps extends Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'className'> {
  label: string;
  /** A line under the input that describes it (read with the field). */
  hint?: string;
}

/** A labelled text input of the billing screens (sign-up, card entry), with an optional hint. */
export function Field({ label, hint, ...input }: FieldProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="input" aria-describedby={hint ? hintId : undefined} {...input} />
      {hint ? (
        <span className="field__hint" id={hintId}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}
