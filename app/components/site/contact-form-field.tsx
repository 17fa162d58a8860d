import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button";
import { TextAreaField, TextField } from "#app/components/ui/field";

/** One control of the Contact and Ask Kafundisha forms (required unless `optional`): the kit's field, with its error under it. */
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
  optional = false,
  hint,
  autoFocus,
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
  optional?: boolean;
  hint?: string;
  /** The first field with an error: a page posted without a script opens with the focus on it. */
  autoFocus?: boolean;
}) {
  const common = {
    id: `field-${name}`,
    name,
    label,
    error,
    hint,
    required: !optional,
    requiredMark: false,
    maxLength,
    defaultValue,
    placeholder,
    autoFocus,
    className: "text-base",
  };
  return multiline ? <TextAreaField rows={6} {...common} /> : <TextField type={type} autoComplete={autoComplete} {...common} />;
}

/** What the Contact and Ask Kafundisha actions answer. */
type SiteFormResult<Values, Errors> = { status: "sent" } | { status: "invalid"; values: Values; fieldErrors: Errors } | { status: "limited"; values: Values };

/**
 * The state both site forms share: what was typed back after a refusal, each field's error (and
 * the first one's name), and the form emptied once sent. After a refusal, focus moves to the first
 * control with an error so keyboard and screen-reader users land on it: by the field's autofocus
 * when the page was posted as a document, by this hook when the app posted it.
 */
export function useSiteForm<Values, Errors extends object>(actionData: SiteFormResult<Values, Errors> | undefined) {
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useNavigation().state === "submitting";
  const values = actionData && actionData.status !== "sent" ? actionData.values : undefined;
  const fieldErrors: Partial<Errors> = actionData?.status === "invalid" ? actionData.fieldErrors : {};
  const firstInvalid = Object.keys(fieldErrors)[0] as keyof Errors | undefined;

  useEffect(() => {
    if (actionData?.status === "sent") formRef.current?.reset();
    if (actionData?.status === "invalid") formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [actionData]);

  return { formRef, busy, values, fieldErrors, firstInvalid };
}

/** The end of the Contact and Ask Kafundisha forms: why a submission was refused, and the submit button. */
export function FormFooter({
  result,
  busy,
  label,
  busyLabel,
}: {
  result: { status: string; formError?: string } | undefined;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  const refusal = result?.status === "limited" ? result.formError : result?.status === "invalid" ? "Please correct the highlighted fields." : null;
  return (
    <>
      {refusal && (
        <p role="alert" tabIndex={-1} autoFocus={result?.status === "limited"} className="text-sm font-medium text-destructive">
          {refusal}
        </p>
      )}
      <button type="submit" disabled={busy} className={buttonClass("primary", "lg", "px-6")}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
