import type { Toast } from "./toast";

/**
 * The contract between an admin list's inline editor (app/components/admin/inline-editor.tsx) and
 * its action (app/server/admin/inline-editor.server.ts): the form posts `saveIntent` with the
 * row's id when it edits one, a row's delete button `deleteIntent` with its id.
 */
export const saveIntent = "save";
export const deleteIntent = "delete";

/** The action's answer: its toast, and for a refused save the field errors and what was typed. */
export interface InlineEditorData {
  ok: boolean;
  toast: Toast;
  errors?: Record<string, string>;
  values?: Record<string, string>;
}
