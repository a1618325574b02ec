import { useState, type ChangeEvent } from 'react';

export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/** The fields a text box or select can hold. */
type TextField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export interface FormFieldsOptions<V> {
  empty: V;
  /** Every field's first message (the contracts' schema, as the server checks it). */
  validate(values: V): FieldErrors<V>;
  /**
   * When a change is checked. 'after-submit': nothing until the first submit, then every field
   * on each change. 'changed-field': from the start, the changed field alone.
   */
  recheck?: 'after-submit' | 'changed-field';
}

/**
 * A form's values and field messages. `field(name)` gives a TextField or SelectField its name,
 * value, message and change handler, so each box of a form is bound the same way.
 */
export function useFormFields<V extends Record<keyof V, string | boolean>>({
  empty,
  validate,
  recheck = 'after-submit',
}: FormFieldsOptions<V>) {
  const [values, setValues] = useState<V>(empty);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [submitted, setSubmitted] = useState(false);

  function change<F extends keyof V>(name: F, value: V[F]) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (recheck === 'changed-field') {
      setErrors((prev) => ({ ...prev, [name]: validate(next)[name] }));
    } else if (submitted) {
      setErrors(validate(next));
    }
  }

  return {
    values,
    errors,
    setErrors,
    change,
    /** For a submit: checks every field and shows their messages; true when it may be sent. */
    check(): boolean {
      setSubmitted(true);
      const found = validate(values);
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    /** After a successful submit: `next` (else empty) and no messages until the next submit. */
    reset(next: V = empty) {
      setValues(next);
      setErrors({});
      setSubmitted(false);
    },
    /** The props binding one box to a field; `parse` cleans what was typed (e.g. upper case). */
    field<F extends TextField<V>>(name: F, parse?: (raw: string) => string) {
      return {
        name,
        value: values[name] as string,
        error: errors[name],
        onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
          change(name, (parse ? parse(e.target.value) : e.target.value) as V[F]),
      };
    },
  };
}
