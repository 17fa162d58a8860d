import { z } from "zod";

// A batch form on an admin list (Comments, Articles): the rows' checkboxes belong to it (each an
// `id`), its buttons say what to do to the checked ones. The browser sends what the server reads here.

/** The most rows one batch changes: the largest page an admin list shows. */
export const batchLimit = 100;

/** The checked rows' ids: at least one, at most a page of them. */
export const batchIdsSchema = z.array(z.uuid()).min(1).max(batchLimit);

/** A batch form's fields with its checked rows as `ids`, for its schema to parse. */
export const batchFields = (form: FormData) => ({ ...Object.fromEntries(form), ids: form.getAll("id") });

/** Whether the form was sent with no row checked. */
export const noneSelected = (form: FormData | null) => (form?.getAll("id").length ?? 0) === 0;

/** The answer to a batch sent with no row checked: "Select the comments to change first." */
export const selectFirstText = (rows: string) => `Select the ${rows} to change first.`;
