import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button";
import { SelectField, TextAreaField, TextField } from "#app/components/ui/field";
import { useActionToast } from "#app/lib/use-action-toast";
import { missingArticleFieldsText, type ArticleFormFailure, type ArticleFormValues } from "#app/lib/article-form-values";
import { ArticleMarkdownEditor } from "./article-markdown-editor";
import { ImageUploadField } from "./image-upload-field";
import { ArticleCurriculumFields, type CurriculumChoices } from "./article-curriculum-fields";
import { tagTexts } from "#app/lib/tags";
import { statusLabels, type ArticleStatus } from "#app/lib/article-access";

import { discardKeptDraft, sameValues, useArticleAutosave, useAutosaveLabel, useLocalDraft, type KeptDraft } from "./use-article-autosave";

interface ArticleFormProps {
  mode: "create" | "edit";
  categories: { id: string; name: string }[];
  /** The subjects and the articles to choose from in the "For teachers" fields. */
  curriculum: CurriculumChoices;
  /** The statuses this editor may save as (a contributor: Draft only). */
  statuses: readonly ArticleStatus[];
  initialValues: ArticleFormValues;
  initialPreviewHtml: string;
  failure: ArticleFormFailure | undefined;
  /** The site's time zone (SITE_TIMEZONE), in which a schedule is read. */
  timeZone: string;
  /** "new", or the article's id: whose autosave this form keeps. */
  articleKey: string;
  /** What this editor typed last time and did not save, kept by the server. */
  autosave: KeptDraft | null;
}

const keptAt = (draft: KeptDraft) => new Date(draft.savedAt).toLocaleString("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

/**
 * The create and edit form, with changes kept as they are typed:
 * changes kept from an earlier visit (on the server, or on this device when it was offline) are
 * offered back first.
 */
export function ArticleForm(props: ArticleFormProps) {
  const { articleKey, autosave, initialValues } = props;
  const [answered, setAnswered] = useState(false);
  const [start, setStart] = useState({ values: initialValues, restored: false, generation: 0 });
  // This device's copy (kept while offline) wins when it is the newer one.
  const local = useLocalDraft(articleKey);
  const newest = local && !sameValues(local.values, initialValues) && (!autosave || local.savedAt > autosave.savedAt) ? local : autosave;
  // Offered once this device's copy is known: the server cannot see it, and a click while
  // hydrating would restore the server's copy over a newer one kept offline.
  const offered = answered || local === undefined ? null : newest;
  return (
    <>
      {offered && (
        <div
          role="region"
          aria-label="Unsaved changes"
          className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-md border border-warning-border bg-warning-soft px-4 py-3 text-sm text-warning-soft-foreground"
        >
          <p>You have unsaved changes from {keptAt(offered)}.</p>
          <div className="flex gap-2">
            <Button
              type="button"
              size="sm"
              onClick={() => {
                setStart((current) => ({ values: offered.values, restored: true, generation: current.generation + 1 }));
                setAnswered(true);
              }}
            >
              Restore them
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => {
                void discardKeptDraft(articleKey);
                setAnswered(true);
              }}
            >
              Discard
            </Button>
          </div>
        </div>
      )}
      <ArticleFormFields key={start.generation} {...props} startValues={start.values} restored={start.restored} />
    </>
  );
}

function ArticleFormFields({
  mode,
  categories,
  curriculum,
  statuses,
  initialValues,
  initialPreviewHtml,
  failure,
  timeZone,
  articleKey,
  startValues,
  restored,
}: ArticleFormProps & { startValues: ArticleFormValues; restored: boolean }) {
  useActionToast(failure);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const formRef = useRef<HTMLFormElement>(null);
  // A refused save answers with what was typed; the fields keep it (they are not re-mounted).
  const values = failure?.values ?? startValues;
  const autosave = useArticleAutosave(formRef, articleKey, initialValues, restored || failure !== undefined);
  const autosaveLabel = useAutosaveLabel(autosave.state);
  const [content, setContent] = useState(values.content);
  const [imageUrl, setImageUrl] = useState(values.featuredImageUrl);
  // The image is set by the upload, not typed: it tells the autosave itself.
  useEffect(() => {
    if (imageUrl !== values.featuredImageUrl) autosave.noteChange();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new image is news
  }, [imageUrl]);
  const [status, setStatus] = useState(values.status || "draft");
  // A contributor saves drafts, and hands one to the editors with its own button.
  const submitsForReview = statuses.includes("pending") && !statuses.includes("published");
  const errors = failure?.errors ?? {};
  const missing = Object.values(errors).includes(missingArticleFieldsText);
  // The missing-fields message is shown once above the form; other messages sit under their field.
  const fieldError = (field: keyof ArticleFormValues) => (errors[field] === missingArticleFieldsText ? undefined : errors[field]);
  const invalid = (field: keyof ArticleFormValues) => (errors[field] ? true : undefined);
  // The edit form marks only the title as required (the server requires title, content and category on both forms).
  const creating = mode === "create";

  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      className="mt-6 space-y-6"
      aria-describedby={missing ? "article-form-error" : undefined}
      onChange={autosave.noteChange}
      onSubmit={autosave.noteSubmit}
    >
      {missing && (
        <p
          id="article-form-error"
          role="alert"
          className="rounded-md border border-destructive-border bg-destructive-soft px-4 py-3 text-sm font-medium text-destructive-soft-foreground"
        >
          {missingArticleFieldsText}
        </p>
      )}
      <TextField
        id="article-title"
        name="title"
        label="Title"
        required
        defaultValue={values.title}
        error={fieldError("title")}
        aria-invalid={invalid("title")}
      />
      <TextAreaField
        id="article-excerpt"
        name="excerpt"
        label="Excerpt"
        rows={3}
        defaultValue={values.excerpt}
        error={fieldError("excerpt")}
        aria-invalid={invalid("excerpt")}
      />
      <ArticleMarkdownEditor
        id="article-content"
        name="content"
        value={content}
        onChange={setContent}
        initialHtml={initialPreviewHtml}
        required={creating}
        error={fieldError("content")}
        invalid={invalid("content")}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <SelectField
          id="article-category"
          name="categoryId"
          label="Category"
          required={creating}
          defaultValue={values.categoryId}
          error={fieldError("categoryId")}
          aria-invalid={invalid("categoryId")}
        >
          <option value="">Select a category</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="article-status"
          name="status"
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          error={fieldError("status")}
        >
          {statuses
            .filter((value) => value !== "pending" || !submitsForReview)
            .map((value) => (
              <option key={value} value={value}>
                {statusLabels[value]}
              </option>
            ))}
        </SelectField>
      </div>
      <TextField
        id="article-tags"
        name="tags"
        label="Tags"
        defaultValue={values.tags}
        hint={tagTexts.hint}
        error={fieldError("tags")}
        aria-invalid={invalid("tags")}
      />
      <ArticleCurriculumFields values={values} fieldError={fieldError} subjects={curriculum.subjects} translations={curriculum.translations} />
      {status === "scheduled" && (
        <TextField
          id="article-scheduled-at"
          name="scheduledAt"
          type="datetime-local"
          label="Publish on"
          required
          defaultValue={values.scheduledAt}
          hint={`The article appears on the site at this date and time (${timeZone}).`}
          error={fieldError("scheduledAt")}
          aria-invalid={invalid("scheduledAt")}
        />
      )}
      <ImageUploadField
        id="article-image"
        name="featuredImageUrl"
        label="Featured image"
        folder="articles"
        value={imageUrl}
        onChange={setImageUrl}
        error={fieldError("featuredImageUrl")}
        uploadedToast={{ title: "Image uploaded", description: "Featured image set." }}
      />
      {imageUrl && (
        <TextField
          id="article-image-alt"
          name="featuredImageAlt"
          label="Alt text"
          required={status !== "draft"}
          maxLength={300}
          defaultValue={values.featuredImageAlt}
          hint="What the image shows, read aloud to readers who cannot see it. Needed to publish."
          error={fieldError("featuredImageAlt")}
          aria-invalid={invalid("featuredImageAlt")}
        />
      )}
      <div className="flex flex-wrap gap-3 border-t border-border pt-6">
        <Button type="submit" variant={submitsForReview ? "outline" : "primary"} disabled={saving}>
          {saving ? "Saving..." : creating ? "Create Article" : "Update Article"}
        </Button>
        {submitsForReview && (
          <Button type="submit" name="intent" value="submit-for-review" disabled={saving}>
            Submit for review
          </Button>
        )}
        <Link to="/admin/articles" className={buttonClass("outline")}>
          Cancel
        </Link>
        <p role="status" data-autosave={autosave.state.kind} className="ml-auto self-center text-sm text-muted-foreground">
          {autosaveLabel}
        </p>
      </div>
    </Form>
  );
}
