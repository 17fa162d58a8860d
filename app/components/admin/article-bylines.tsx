import { Form, Link, useNavigation } from "react-router";
import { ArrowDown, ArrowUp, X } from "lucide-react";
import { Button } from "#app/components/ui/button";
import { SelectField } from "#app/components/ui/field";
import { mostBylines, type BylineEntry } from "#app/lib/bylines";

/** A form that sends the article's bylines as `values` (in that order), from one button. */
function BylinesStep({ values, label, children }: { values: readonly string[]; label: string; children: React.ReactNode }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value="bylines" />
      {values.map((value) => (
        <input key={value} type="hidden" name="byline" value={value} />
      ))}
      <Button type="submit" variant="ghost" size="icon" aria-label={label} title={label}>
        {children}
      </Button>
    </Form>
  );
}

const moved = (values: readonly string[], from: number, to: number) => {
  const next = [...values];
  const [value] = next.splice(from, 1);
  next.splice(to, 0, value!);
  return next;
};

/**
 * The article's authors in byline order. Editors reorder, remove and add staff or guest bylines
 * (each change saved at once); its writers see who is on it. An account without a public author
 * profile stays on the byline but readers do not see it.
 */
export function ArticleBylines({ bylines, choices, editable }: { bylines: BylineEntry[]; choices: BylineEntry[]; editable: boolean }) {
  const busy = useNavigation().state !== "idle";
  const values = bylines.map((byline) => byline.value);
  const addable = choices.filter((choice) => !values.includes(choice.value));
  return (
    <section aria-labelledby="bylines-heading" className="mt-10 rounded-xl border border-border p-5">
      <h2 id="bylines-heading" className="text-lg font-bold">
        Authors
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Readers see “By …” with these names, in this order. With none, the article says “The Educator”.</p>
      {bylines.length === 0 ? (
        <p className="mt-3 text-sm">No authors: the article says “The Educator”.</p>
      ) : (
        <ol aria-label="Authors in byline order" className="mt-3 divide-y divide-border rounded-lg border border-border">
          {bylines.map((byline, index) => (
            <li key={byline.value} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span>
                <span className="font-medium">{byline.name}</span>
                {byline.kind === "guest" && <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs">Guest</span>}
                {!byline.shown && <span className="ml-2 text-xs text-muted-foreground">No public author profile: not shown to readers</span>}
              </span>
              {editable && (
                <span className="flex items-center gap-1">
                  {index > 0 && (
                    <BylinesStep values={moved(values, index, index - 1)} label={`Move ${byline.name} up`}>
                      <ArrowUp className="size-4" aria-hidden />
                    </BylinesStep>
                  )}
                  {index < bylines.length - 1 && (
                    <BylinesStep values={moved(values, index, index + 1)} label={`Move ${byline.name} down`}>
                      <ArrowDown className="size-4" aria-hidden />
                    </BylinesStep>
                  )}
                  <BylinesStep values={values.filter((value) => value !== byline.value)} label={`Remove ${byline.name}`}>
                    <X className="size-4 text-destructive" aria-hidden />
                  </BylinesStep>
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {editable && addable.length > 0 && bylines.length < mostBylines && (
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="bylines" />
          {values.map((value) => (
            <input key={value} type="hidden" name="byline" value={value} />
          ))}
          <div className="min-w-64">
            <SelectField id="byline-add" name="byline" label="Add an author" defaultValue="" required>
              <option value="" disabled>
                Choose a staff author or guest
              </option>
              {addable.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.kind === "guest" ? `${choice.name} (guest)` : choice.shown ? choice.name : `${choice.name} (no public profile)`}
                </option>
              ))}
            </SelectField>
          </div>
          <Button type="submit" variant="outline" disabled={busy}>
            Add author
          </Button>
        </Form>
      )}
      {editable && (
        <p className="mt-3 text-sm">
          <Link to="/admin/guest-authors" className="font-medium text-accent underline">
            Manage guest bylines
          </Link>
        </p>
      )}
    </section>
  );
}
