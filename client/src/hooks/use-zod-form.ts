import { useState, type FormEvent } from 'react';
import { safeParse } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { fieldErrors, type FieldErrors } from '../lib/field-errors';
import { useAction } from './use-action';

export type FormOptions<V extends Record<string, string>, S extends $ZodType> = {
  initial: V | (() => V);
  /** The contract's schema for what the form sends; its messages become the inline field errors. */
  schema: S;
  /** Turns the typed text into what the schema checks (numbers, optional fields); the values as they are by default. */
  toInput?: (values: V) => unknown;
  /** Sends the checked data; a throw is shown as an error toast and the values stay for another try. */
  onSubmit: (data: output<S>, values: V) => Promise<void>;
  /**
   * The field errors a refused submit stands for (a 400 naming fields, a 409 "already registered"), shown inline like
   * the schema's own; an empty answer (or none) leaves the failure to the error toast.
   */
  serverErrors?: (error: unknown) => FieldErrors;
};

/**
 * Number fields holding text the browser cannot read as a number ("5e", "1.2.3"). The browser reports their value as
 * empty, which a form would take as "left blank": an optional stock would silently stop being counted. Our forms skip
 * the browser's own check (noValidate) to show their errors inline, so this one is made here.
 */
function unreadableNumbers(form: HTMLFormElement | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const element of Array.from(form?.elements ?? [])) {
    if (element instanceof HTMLInputElement && element.type === 'number' && element.validity.badInput) errors[element.name] = 'Enter a number';
  }
  return errors;
}

/**
 * The one form hook: text values by field name, the contract's schema checked before anything is sent (inline errors
 * per field), a busy flag while the request is out, and server failures as toasts. `field(name)` gives what a
 * FormField needs; `reset` empties the form after a success that should leave it blank.
 */
export function useZodForm<V extends Record<string, string>, S extends $ZodType>(options: FormOptions<V, S>) {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, run } = useAction();

  const setValue = (name: keyof V & string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  function field(name: keyof V & string) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (e: { target: { value: string } }) => setValue(name, e.target.value),
    };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const unreadable = unreadableNumbers(event.currentTarget);
    if (Object.keys(unreadable).length > 0) {
      setErrors(unreadable);
      return;
    }
    const parsed = safeParse(options.schema, options.toInput ? options.toInput(values) : values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await run(true, async () => {
      try {
        await options.onSubmit(parsed.data, values);
      } catch (error) {
        const fromServer = options.serverErrors?.(error) ?? {};
        if (Object.keys(fromServer).length === 0) throw error;
        setErrors(fromServer);
      }
    });
  }

  function reset(next?: V) {
    const initial = typeof options.initial === 'function' ? options.initial() : options.initial;
    setValues(next ?? initial);
    setErrors({});
  }

  return { values, errors, busy, field, setValue, handleSubmit, reset, clearErrors: () => setErrors({}) };
}
