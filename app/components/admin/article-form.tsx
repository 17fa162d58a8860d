import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "../ui/button";
import { SelectField, TextAreaField, TextField } from "../ui/field";
import { useActionToast } from "../../lib/use-action-toast";
import { missingArticleFieldsText, type ArticleFormFailure, type ArticleFormValues } from "./article-form-values";
import { ArticleMarkdownEditor } from "./article-markdown-editor";
import { ImageUploadField } from "./image-upload-field";

interface ArticleFormProps {
  mode: "create" | "edit";
  categories: { id: string; name: string }[];
  initialValues: ArticleFormValues;
  initialPreviewHtml: string;
  failure: ArticleFormFailure | undefined;
  /** The site's time zone (SITE_TIMEZONE), in which a schedule is read. */
  timeZone: string;
}

/** The create and edit form (spec §2 "Admin articles", §5). */
export function ArticleForm({ mode, categories, initialValues, initialPreviewHtml, failure, timeZone }: ArticleFormProps) {
  useActionToast(failure);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  // A refused save answers with what was typed; the fields keep it (they are not re-mounted).
  const values = failure?.values ?? initialValues;
  const [content, setContent] = useState(values.content);
  const [imageUrl, setImageUrl] = useState(values.featuredImageUrl);
  const [status, setStatus] = useState(values.status || "draft");
  const errors = failure?.errors ?? {};
  const missing = Object.values(errors).includes(missingArticleFieldsText);
  // The missing-fields message is shown once above the form; other messages sit under their field.
  const fieldError = (field: keyof ArticleFormValues) => (errors[field] === missingArticleFieldsText ? undefined : errors[field]);
  const invalid = (field: keyof ArticleFormValues) => (errors[field] ? true : undefined);
  // Spec §5: on the edit form only the title is marked required (the server requires all three).
  const creating = mode === "create";

  return (
    <Form method="post" noValidate className="mt-6 space-y-6" aria-describedby={missing ? "article-form-error" : undefined}>
      {missing && (
        <p id="article-form-error" role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {missingArticleFieldsText}
        </p>
      )}
      <TextField id="article-title" name="title" label="Title" required defaultValue={values.title} error={fieldError("title")} aria-invalid={invalid("title")} />
      <TextAreaField id="article-excerpt" name="excerpt" label="Excerpt" rows={3} defaultValue={values.excerpt} error={fieldError("excerpt")} aria-invalid={invalid("excerpt")} />
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
        <SelectField id="article-status" name="status" label="Status" value={status} onChange={(event) => setStatus(event.target.value)} error={fieldError("status")}>
          <option value="draft">Draft</option>
          <option value="published">Published</option>
          <option value="scheduled">Scheduled</option>
        </SelectField>
      </div>
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
      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-6 dark:border-slate-800">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : creating ? "Create Article" : "Update Article"}
        </Button>
        <Link to="/admin/articles" className={buttonClass("outline")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
