import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button";
import { TextAreaField } from "#app/components/ui/field";

export interface ReviewNote {
  id: string;
  kind: "note" | "submitted" | "changes-requested";
  body: string | null;
  authorName: string | null;
  created: { iso: string; text: string };
}

const kindLabels: Record<ReviewNote["kind"], string> = {
  submitted: "Submitted for review",
  "changes-requested": "Changes requested",
  note: "Note",
};

/**
 * The article's review, under its form: every note with who and when, oldest first; an editor
 * adds a note, or sends a waiting article back to its writer with one.
 */
export function ArticleReview({ notes, reviews, pending }: { notes: ReviewNote[]; reviews: boolean; pending: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  if (notes.length === 0 && !reviews) return null;
  return (
    <section aria-labelledby="review-heading" className="mt-10 rounded-xl border border-border p-5">
      <h2 id="review-heading" className="text-lg font-bold">
        Review
      </h2>
      {notes.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No notes yet.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="text-sm">
              <p className="font-medium">
                {kindLabels[note.kind]}
                <span className="font-normal text-muted-foreground">
                  {" · "}
                  {note.authorName ?? "A former member of staff"}, <time dateTime={note.created.iso}>{note.created.text}</time>
                </span>
              </p>
              {note.body && <p className="mt-1 whitespace-pre-wrap">{note.body}</p>}
            </li>
          ))}
        </ol>
      )}
      {reviews && (
        // A new key once a note is kept: the box empties for the next one.
        <Form key={notes.length} method="post" className="mt-4 space-y-3">
          <TextAreaField id="review-note" name="note" label="Note to the writer" rows={3} maxLength={5000} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="note" variant="outline" disabled={busy}>
              Add note
            </Button>
            {pending && (
              <Button type="submit" name="intent" value="request-changes" disabled={busy}>
                Request changes
              </Button>
            )}
          </div>
        </Form>
      )}
    </section>
  );
}
