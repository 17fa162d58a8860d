import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { confirmSubmit } from "#app/lib/use-action-toast";

/**
 * A table row's action as a small form: posts `intent` and the row's `id` (and any `fields`) to
 * the screen's action, asking `confirm` first when given. `label` names the row for screen
 * readers ("Revoke School website"), as every row has the same button.
 */
export function RowActionButton({
  intent,
  id,
  label,
  confirm,
  fields = {},
  disabled,
  children,
}: {
  intent: string;
  id: string;
  label: string;
  confirm?: string;
  fields?: Record<string, string>;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" onSubmit={confirm ? confirmSubmit(confirm) : undefined}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="outline" size="sm" aria-label={label} disabled={disabled}>
        {children}
      </Button>
    </Form>
  );
}
