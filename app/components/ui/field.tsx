import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

export const controlClass =
  "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  hint?: string;
  children: (describedBy: string | undefined) => ReactNode;
}

/** A label, one control and its error, wired together for screen readers. */
export function Field({ id, label, error, required, hint, children }: FieldProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required && <span aria-hidden> *</span>}
      </label>
      {children(describedBy)}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

type WithField<T> = T & { label: string; error?: string; hint?: string; id: string };

export function TextField({ label, error, hint, id, required, ...props }: WithField<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required}>
      {(describedBy) => <input id={id} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={controlClass} {...props} />}
    </Field>
  );
}

export function TextAreaField({ label, error, hint, id, required, ...props }: WithField<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required}>
      {(describedBy) => <textarea id={id} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={controlClass} {...props} />}
    </Field>
  );
}

export function SelectField({ label, error, hint, id, required, children, ...props }: WithField<SelectHTMLAttributes<HTMLSelectElement>>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required}>
      {(describedBy) => (
        <select id={id} required={required} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={controlClass} {...props}>
          {children}
        </select>
      )}
    </Field>
  );
}
