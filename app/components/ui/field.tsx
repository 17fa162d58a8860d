import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { cn } from "#app/lib/cn";

export const controlClass = "mt-1 w-full rounded-md border border-input bg-card px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground";

/** A control's classes: the kit's, a red border when its value was refused, then the caller's. */
const controlClasses = (error: string | undefined, className: string | undefined) => cn(controlClass, error && "border-destructive", className);

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  /** The " *" after a required field's label; off where every field of a form is required. */
  requiredMark?: boolean;
  hint?: string;
  children: (describedBy: string | undefined) => ReactNode;
}

/** A label, one control and its error, wired together for screen readers. */
export function Field({ id, label, error, required, requiredMark = true, hint, children }: FieldProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required && requiredMark && <span aria-hidden> *</span>}
      </label>
      {children(describedBy)}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * What every control of a field carries: its id, whether it is required, its error state and
 * descriptions (the caller may say more), then the kit's classes merged with the caller's.
 */
function controlProps<Props extends { className?: string }>(
  id: string,
  required: boolean | undefined,
  error: string | undefined,
  describedBy: string | undefined,
  props: Props,
) {
  return {
    id,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    ...props,
    className: controlClasses(error, props.className),
  };
}

type WithField<T> = T & { label: string; error?: string; hint?: string; id: string; requiredMark?: boolean };

export function TextField({ label, error, hint, id, required, requiredMark, ...props }: WithField<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} requiredMark={requiredMark}>
      {(describedBy) => <input {...controlProps(id, required, error, describedBy, props)} />}
    </Field>
  );
}

export function TextAreaField({ label, error, hint, id, required, requiredMark, ...props }: WithField<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} requiredMark={requiredMark}>
      {(describedBy) => <textarea {...controlProps(id, required, error, describedBy, props)} />}
    </Field>
  );
}

export function SelectField({ label, error, hint, id, required, requiredMark, children, ...props }: WithField<SelectHTMLAttributes<HTMLSelectElement>>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} requiredMark={requiredMark}>
      {(describedBy) => <select {...controlProps(id, required, error, describedBy, props)}>{children}</select>}
    </Field>
  );
}

/** A form's on/off checkbox shown as a switch, with its label and the line that explains it. */
export function SwitchField({ id, name, label, hint, defaultChecked }: { id: string; name: string; label: string; hint: ReactNode; defaultChecked: boolean }) {
  return (
    <div className="flex items-center gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        role="switch"
        defaultChecked={defaultChecked}
        className="size-5 accent-accent"
        aria-describedby={`${id}-hint`}
      />
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <span id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </span>
    </div>
  );
}
