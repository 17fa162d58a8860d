import { data } from "react-router";

/**
 * Text no column can store: PostgreSQL refuses a NUL byte in text (and `\u0000` in JSON), so a
 * value holding one is refused where it comes in, never sent to the database.
 */
export function containsNulByte(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(containsNulByte);
  if (value && typeof value === "object") return Object.entries(value).some(([key, inner]) => key.includes("\0") || containsNulByte(inner));
  return false;
}

const formTypes = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * A submitted form's fields, or null when there is no form to read: a body of another kind (JSON,
 * plain text, none), one that does not parse, or a field whose name or text holds a NUL byte.
 * Every action reads its form here. Most read null as a form left empty, which they already refuse
 * with their usual message (400) and store nothing for; the others refuse it themselves.
 */
export async function readForm(request: Request): Promise<FormData | null> {
  const type = request.headers.get("Content-Type")?.split(";", 1)[0]!.trim().toLowerCase() ?? "";
  if (!formTypes.has(type)) return null;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  for (const [name, value] of form) {
    if (containsNulByte(name) || containsNulByte(typeof value === "string" ? value : value.name)) return null;
  }
  return form;
}

/** Said by the few forms that have no refusal of their own (the data saver's switch, the editor's preview). */
export const unreadableFormText = "This form could not be read. Please try again.";

export const unreadableAddressText = "This address holds a character that cannot be read. Please check the link.";

/**
 * Refuses, with 400, an address whose path or query holds a NUL byte (`/articles?q=%00`): no
 * loader has to think of it, and no search or slug with one reaches the database.
 */
export function refuseUnreadableAddress({ request }: { request: Request }) {
  const { pathname, search } = new URL(request.url);
  if (/%00/i.test(pathname + search)) throw data({ error: unreadableAddressText }, { status: 400, statusText: "Bad Request" });
}
