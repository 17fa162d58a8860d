import { data } from "react-router";
import { z } from "zod";
import { formErrors } from "#app/lib/admin-schemas";
import { formText } from "#app/lib/inbox-schema";
import { deleteIntent, saveIntent, type InlineEditorData } from "#app/lib/inline-editor";
import type { Toast } from "#app/lib/toast";
import { failureToast } from "./admin-screens.server";

/** What an admin list's inline editor saves and deletes, and the screen's own texts for it. */
export interface InlineEditorRules<Input> {
  /** The form's fields, all read as text and sent back as typed when the save is refused. */
  fields: readonly string[];
  schema: z.ZodType<Input>;
  save: (input: Input, id: string | undefined) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
  /** The success toasts' descriptions, and the fallback texts of an unexpected failure. */
  texts: { created: string; updated: string; deleted: string; saveFailed: string; deleteFailed: string };
  /** The title of a refused save's toast, from its first message ("Error" unless told). */
  refusedTitle?: (message: string) => string;
  /** Other intents that save a row already there (a subject moved up), each with its success toast. */
  otherSaves?: Record<string, (input: Input) => Toast>;
}

const answer = (body: InlineEditorData) => data<InlineEditorData>(body, { status: body.ok ? 200 : 400 });

/**
 * The action of an inline editor screen. `save` (with an id: an update) checks the form with the
 * schema the client uses; a refusal is a 400 with the field errors and everything typed. `delete`
 * and any other intent need a row's id; anything else is an invalid request. Each answer carries
 * its toast: Created, Updated or Deleted with the screen's text, or why it failed.
 */
export async function inlineEditorAction<Input>(form: FormData, rules: InlineEditorRules<Input>) {
  const intent = String(form.get("intent"));
  const id = z
    .uuid()
    .optional()
    .safeParse(form.get("id") || undefined);
  const known = intent === saveIntent || intent === deleteIntent || Object.hasOwn(rules.otherSaves ?? {}, intent);
  if (!id.success || !known || (intent !== saveIntent && !id.data)) {
    return answer({ ok: false, toast: { type: "error", title: "Error", description: "Invalid request." } });
  }

  if (intent === deleteIntent) {
    const deleted: Toast = { type: "success", title: "Deleted", description: rules.texts.deleted };
    return deleteRowAction(() => rules.remove(id.data!), { deleted, failed: rules.texts.deleteFailed });
  }

  const values = Object.fromEntries(rules.fields.map((name) => [name, formText(form, name)]));
  const parsed = rules.schema.safeParse(values);
  if (!parsed.success) {
    const { message, fields } = formErrors(parsed.error);
    const title = rules.refusedTitle?.(message) ?? "Error";
    return answer({ ok: false, errors: fields, values, toast: { type: "error", title, description: message } });
  }
  try {
    await rules.save(parsed.data, id.data);
  } catch (error) {
    return answer({ ok: false, values, toast: failureToast(error, rules.texts.saveFailed) });
  }
  const other = rules.otherSaves?.[intent];
  if (other) return answer({ ok: true, toast: other(parsed.data) });
  return answer({
    ok: true,
    toast: id.data
      ? { type: "success", title: "Updated", description: rules.texts.updated }
      : { type: "success", title: "Created", description: rules.texts.created },
  });
}

/** Deletes one row and answers with `deleted`, or with why it failed (`failed` when unexpected). */
export async function deleteRowAction(remove: () => Promise<unknown>, texts: { deleted: Toast; failed: string }) {
  try {
    await remove();
  } catch (error) {
    return answer({ ok: false, toast: failureToast(error, texts.failed) });
  }
  return answer({ ok: true, toast: texts.deleted });
}
