/** One labelled control with its error next to it; used by the Contact and Ask Kafundisha forms. */
export function FormField({
  name,
  label,
  error,
  defaultValue,
  type = "text",
  multiline = false,
  maxLength,
  autoComplete,
  placeholder,
}: {
  name: string;
  label: string;
  error?: string;
  defaultValue?: string;
  type?: "text" | "email";
  multiline?: boolean;
  maxLength: number;
  autoComplete?: string;
  placeholder?: string;
}) {
  const id = `field-${name}`;
  const errorId = `${id}-error`;
  const shared = {
    id,
    name,
    required: true,
    maxLength,
    defaultValue,
    placeholder,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className: `mt-1 w-full rounded-md border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 ${
      error ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-600"
    }`,
  };
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {multiline ? <textarea rows={6} {...shared} /> : <input type={type} autoComplete={autoComplete} {...shared} />}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** After a refused submission, moves focus to the first control with an error so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
