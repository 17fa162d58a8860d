export const commentMaxLength = 2000;

/**
 * Shared by the comment form and the server: text required after trimming, at most 2,000
 * characters. Plain code, not a schema library: it runs in the browser on every article page.
 */
export function validateComment(value: unknown): { ok: true; content: string } | { ok: false; error: string } {
  const content = typeof value === "string" ? value.trim() : "";
  if (!content) return { ok: false, error: "Please write your comment." };
  if (content.length > commentMaxLength) return { ok: false, error: "Your comment is too long: at most 2,000 characters." };
  return { ok: true, content };
}

export const commentAwaitingModeration = "Thank you! Your comment is awaiting moderation.";

/** What the comment action answers: a confirmation, or the errors with the text kept. */
export type CommentActionData =
  | { ok: true; message: string }
  | {
      ok: false;
      values: { content: string };
      errors: { content?: string[] };
      formError?: string;
    };
