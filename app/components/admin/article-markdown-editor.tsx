import { useEffect, useState } from "react";
import { articleBodyClass } from "#app/lib/article-body";
import { TextAreaField } from "#app/components/ui/field";

const previewDelayMs = 300;

interface Preview {
  /** The Markdown `html` was rendered from. */
  source: string;
  html: string;
  failed: boolean;
}

interface ArticleMarkdownEditorProps {
  id: string;
  name: string;
  value: string;
  onChange(value: string): void;
  /** The server's rendering of `value` when the page loaded. */
  initialHtml: string;
  required?: boolean;
  error?: string;
  invalid?: boolean;
}

/**
 * Markdown textarea with a live preview. The preview is rendered by the server's own
 * Markdown renderer (POST /admin/articles/preview), the same one the public page uses.
 */
export function ArticleMarkdownEditor({ id, name, value, onChange, initialHtml, required, error, invalid }: ArticleMarkdownEditorProps) {
  const [preview, setPreview] = useState<Preview>({ source: value, html: initialHtml, failed: false });

  useEffect(() => {
    if (value === preview.source) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch("/admin/articles/preview", {
          method: "POST",
          body: new URLSearchParams({ content: value }),
          headers: { Accept: "application/json" },
          signal: controller.signal,
        });
        const answer = (await response.json()) as { html?: string };
        if (typeof answer.html === "string") setPreview({ source: value, html: answer.html, failed: false });
        else setPreview((current) => ({ ...current, failed: true }));
      } catch {
        if (!controller.signal.aborted) setPreview((current) => ({ ...current, failed: true }));
      }
    }, previewDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, preview.source]);

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TextAreaField
        id={id}
        name={name}
        label="Content"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        error={error}
        aria-invalid={invalid || undefined}
        rows={20}
        className="mt-1 min-h-80 w-full rounded-md border border-input bg-card px-3 py-2 font-mono text-sm text-foreground"
        hint="Markdown: ## and ### headings, **bold**, links, lists and images. Line breaks are kept."
      />
      <section aria-labelledby={`${id}-preview-heading`} className="min-w-0">
        <h2 id={`${id}-preview-heading`} className="text-sm font-medium">
          Preview
        </h2>
        <div className="mt-1 min-h-80 rounded-md border border-border bg-background p-4">
          {preview.html.trim() ? (
            <div
              className={articleBodyClass}
              // Rendered and sanitized by the server's Markdown renderer, as on the public page.
              dangerouslySetInnerHTML={{ __html: preview.html }}
            />
          ) : (
            <p className="text-sm text-muted-foreground">The preview of the content appears here.</p>
          )}
        </div>
        {preview.failed && (
          <p role="status" className="mt-1 text-sm text-destructive">
            The preview could not be updated.
          </p>
        )}
      </section>
    </div>
  );
}
