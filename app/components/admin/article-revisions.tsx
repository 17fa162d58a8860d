import { Form, Link, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button";
import { confirmSubmit, useActionToast } from "#app/lib/use-action-toast";
import type { Toast } from "#app/lib/toast";

interface DiffPart {
  text: string;
  change: "added" | "removed" | "same";
}

interface Revision {
  id: string;
  editor: string;
  changed: string[];
  created: { iso: string; text: string };
}

interface Comparison {
  revisionId: string;
  title: DiffPart[];
  excerpt: DiffPart[];
  content: DiffPart[];
  others: { field: string; from: string; to: string }[];
}

/** Removed text struck through on red, added text on green; unchanged text as it is. */
function Diff({ parts }: { parts: DiffPart[] }) {
  return parts.map((part, index) =>
    part.change === "added" ? (
      <ins key={index} className="bg-success-soft text-success-soft-foreground no-underline">
        {part.text}
      </ins>
    ) : part.change === "removed" ? (
      <del key={index} className="bg-destructive-soft text-destructive-soft-foreground">
        {part.text}
      </del>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  );
}

const changedAny = (parts: DiffPart[]) => parts.some((part) => part.change !== "same");

function ComparisonPanel({ comparison, revision }: { comparison: Comparison; revision: Revision | undefined }) {
  const fields = [
    { label: "Title", parts: comparison.title },
    { label: "Excerpt", parts: comparison.excerpt },
  ].filter((field) => changedAny(field.parts));
  const unchanged = fields.length === 0 && !changedAny(comparison.content) && comparison.others.length === 0;
  return (
    <section aria-labelledby="comparison-heading" className="mt-4 rounded-lg border border-border p-4">
      <h3 id="comparison-heading" className="font-semibold">
        From the revision of {revision?.created.text ?? "an earlier save"} to the article now
      </h3>
      {unchanged && <p className="mt-2 text-sm">The article is the same as this revision.</p>}
      {fields.map((field) => (
        <div key={field.label} className="mt-3">
          <h4 className="text-sm font-medium text-muted-foreground">{field.label}</h4>
          <p>
            <Diff parts={field.parts} />
          </p>
        </div>
      ))}
      {comparison.others.map((other) => (
        <p key={other.field} className="mt-3 text-sm">
          <span className="font-medium capitalize">{other.field}</span>: <del className="bg-destructive-soft">{other.from}</del> →{" "}
          <ins className="bg-success-soft no-underline">{other.to}</ins>
        </p>
      ))}
      {changedAny(comparison.content) && (
        <div className="mt-3">
          <h4 className="text-sm font-medium text-muted-foreground">Content</h4>
          <pre className="mt-1 max-h-96 overflow-auto rounded bg-subtle p-3 text-sm whitespace-pre-wrap">
            <Diff parts={comparison.content} />
          </pre>
        </div>
      )}
    </section>
  );
}

/** The edit screen's revisions: who saved what and when, a comparison with the article now, and restore. */
export function ArticleRevisions({
  revisions,
  comparison,
  restoreFailure,
}: {
  revisions: Revision[];
  comparison: Comparison | null;
  restoreFailure?: { toast: Toast };
}) {
  useActionToast(restoreFailure);
  const navigation = useNavigation();
  const restoring = navigation.state === "submitting" && navigation.formData?.get("intent") === "restore";
  return (
    <section id="revisions" aria-labelledby="revisions-heading" className="mt-10 border-t border-border pt-6">
      <h2 id="revisions-heading" className="text-lg font-bold">
        Revisions
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Every save that changes the article is kept here (the last 50).</p>
      {comparison && <ComparisonPanel comparison={comparison} revision={revisions.find((revision) => revision.id === comparison.revisionId)} />}
      {revisions.length === 0 ? (
        <p className="mt-4 text-sm">No revisions yet.</p>
      ) : (
        <ol className="mt-4 divide-y divide-border">
          {revisions.map((revision, index) => (
            <li key={revision.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <div>
                <time dateTime={revision.created.iso} className="font-medium">
                  {revision.created.text}
                </time>{" "}
                by {revision.editor}
                {index === 0 && <span className="ml-2 rounded bg-secondary px-1.5 py-0.5 text-xs font-medium">Current</span>}
                <span className="block text-muted-foreground">Changed: {revision.changed.join(", ")}</span>
              </div>
              {index > 0 && (
                <div className="flex gap-2">
                  <Link to={`?compare=${revision.id}#revisions`} preventScrollReset className="rounded-md border border-input px-3 py-1.5 font-medium">
                    Compare with current<span className="sr-only"> ({revision.created.text})</span>
                  </Link>
                  <Form method="post" onSubmit={confirmSubmit("Restore this revision? It becomes the article's current version.")}>
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="revisionId" value={revision.id} />
                    <Button type="submit" variant="outline" size="sm" disabled={restoring}>
                      Restore<span className="sr-only"> the revision of {revision.created.text}</span>
                    </Button>
                  </Form>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
