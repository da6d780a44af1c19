import type { InputHTMLAttributes, ReactNode } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
};

/** A labelled input whose error is announced with it (aria-describedby). */
export function FormField({ label, name, error, hint, id, className, ...input }: FieldProps) {
  const inputId = id ?? `field-${name}`;
  const errorId = `${inputId}-error`;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {hint && !error ? <p className="field__hint">{hint}</p> : null}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type NamedFieldProps = Omit<FieldProps, 'label' | 'type'>;

/** The email field every sign-in form starts with. */
export function EmailField(props: NamedFieldProps) {
  return <FormField label="Email" type="email" required {...props} />;
}

export function PasswordField(props: NamedFieldProps) {
  return <FormField label="Password" type="password" required {...props} />;
}

/** An amount in rupees with paise (two decimals), never negative. */
export function RupeesField(props: NamedFieldProps & { label: string }) {
  return <FormField type="number" inputMode="decimal" min={0} step="0.01" required {...props} />;
}
