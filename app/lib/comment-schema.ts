export const commentMaxLength = 2000;
export const displayNameMaxLength = 80;

/**
 * The rule for what a reader writes that others read with their comments: the comment, and the
 * display name it is shown under. Required after trimming, at most so many characters; a name also
 * carries no web address (a comment's links are read by a moderator, a name is easy to miss).
 * Plain code, not a schema library: it runs in the browser on every article page.
 */
interface ReaderTextRule {
  maxLength: number;
  missing: string;
  tooLong: string;
  /** Set when a web address is refused: the message. */
  link?: string;
}

const commentRule: ReaderTextRule = {
  maxLength: commentMaxLength,
  missing: "Please write your comment.",
  tooLong: "Your comment is too long: at most 2,000 characters.",
};

const displayNameRule: ReaderTextRule = {
  maxLength: displayNameMaxLength,
  missing: "Please enter a display name.",
  tooLong: `Display name must be at most ${displayNameMaxLength} characters.`,
  link: "A display name cannot contain a web address.",
};

// A scheme (https://), "www.", or a name and a top-level domain ("cheap-pills.example"), also
// with the full stops browsers read as dots in an address (。．｡).
const webAddress = /[a-z][a-z\d+.-]*:\/\/|\bwww[.。．｡]|[\p{L}\d-]+[.。．｡]\p{L}{2,}/iu;

/** Whether the text carries a web address. */
export function containsWebAddress(text: string): boolean {
  return webAddress.test(text);
}

function checkReaderText(value: unknown, rule: ReaderTextRule): { ok: true; text: string } | { ok: false; error: string } {
  const text = typeof value === "string" ? value.trim() : "";
  if (!text) return { ok: false, error: rule.missing };
  if (text.length > rule.maxLength) return { ok: false, error: rule.tooLong };
  if (rule.link && containsWebAddress(text)) return { ok: false, error: rule.link };
  return { ok: true, text };
}

/** Shared by the comment form and the server. */
export function validateComment(value: unknown): { ok: true; content: string } | { ok: false; error: string } {
  const checked = checkReaderText(value, commentRule);
  return checked.ok ? { ok: true, content: checked.text } : checked;
}

/** A display name, wherever one is set (sign-up, /account, the admin screens): as comments are checked, and no web address. */
export function validateDisplayName(value: unknown): { ok: true; name: string } | { ok: false; error: string } {
  const checked = checkReaderText(value, displayNameRule);
  return checked.ok ? { ok: true, name: checked.text } : checked;
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
