import { describe, expect, it, vi } from "vitest";
import { categoryFormSchema, missingCategoryFields, type CategoryFormInput } from "#app/lib/admin-schemas";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import { deleteRowAction, inlineEditorAction, type InlineEditorRules } from "./inline-editor.server";

const rowId = "6f1c1f5e-8a4b-4d6e-9a51-3f1d2b7c9e10";

// The Categories screen's texts, which the answers below spell out.
const done = (what: string) => `Category ${what} successfully.`;
const failed = (what: string) => `Failed to ${what} category`;

function categoriesScreen(overrides: Partial<InlineEditorRules<CategoryFormInput>> = {}) {
  const save = vi.fn(async () => {});
  const remove = vi.fn(async () => {});
  const rules: InlineEditorRules<CategoryFormInput> = {
    fields: ["name", "slug", "description", "icon", "position"],
    schema: categoryFormSchema,
    save,
    remove,
    refusedTitle: (message: string) => (message === missingCategoryFields ? "Missing fields" : "Error"),
    texts: { created: done("created"), updated: done("updated"), deleted: done("deleted"), saveFailed: failed("save"), deleteFailed: failed("delete") },
    ...overrides,
  };
  return { rules, save, remove };
}

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
};

const answerOf = async (result: ReturnType<typeof inlineEditorAction>) => {
  const { data, init } = await result;
  return { status: init?.status, ...data };
};

describe("inlineEditorAction", () => {
  it("creates without an id and updates with one, each with its screen's toast", async () => {
    const { rules, save } = categoriesScreen();
    const created = await answerOf(inlineEditorAction(form({ intent: "save", name: " Early Years ", slug: "Early Years!!" }), rules));
    expect(created).toEqual({ status: 200, ok: true, toast: { type: "success", title: "Created", description: "Category created successfully." } });
    expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ name: "Early Years", slug: "early-years" }), undefined);

    const updated = await answerOf(inlineEditorAction(form({ intent: "save", id: rowId, name: "Play", slug: "play" }), rules));
    expect(updated.toast).toEqual({ type: "success", title: "Updated", description: "Category updated successfully." });
    expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ name: "Play" }), rowId);
  });

  it("refuses a bad form with each field's error and every field as typed, saving nothing", async () => {
    const { rules, save } = categoriesScreen();
    const refused = await answerOf(inlineEditorAction(form({ intent: "save", name: "Typed name kept", slug: "!!!", icon: "Baby" }), rules));
    expect(refused).toEqual({
      status: 400,
      ok: false,
      errors: { slug: missingCategoryFields },
      values: { name: "Typed name kept", slug: "!!!", description: "", icon: "Baby", position: "" },
      toast: { type: "error", title: "Missing fields", description: missingCategoryFields },
    });
    expect(save).not.toHaveBeenCalled();
  });

  it("says why a save was refused by the feature, keeping what was typed", async () => {
    const { rules } = categoriesScreen({ save: async () => Promise.reject(new AdminInputError('The slug "health" is already used by another category.')) });
    const refused = await answerOf(inlineEditorAction(form({ intent: "save", name: "Again", slug: "health" }), rules));
    expect(refused.status).toBe(400);
    expect(refused.values).toMatchObject({ name: "Again", slug: "health" });
    expect(refused.toast).toEqual({ type: "error", title: "Error", description: 'The slug "health" is already used by another category.' });
  });

  it("deletes by id, and says why a delete was refused", async () => {
    const { rules, remove } = categoriesScreen();
    const deleted = await answerOf(inlineEditorAction(form({ intent: "delete", id: rowId }), rules));
    expect(deleted).toEqual({ status: 200, ok: true, toast: { type: "success", title: "Deleted", description: "Category deleted successfully." } });
    expect(remove).toHaveBeenCalledWith(rowId);

    const used = categoriesScreen({ remove: async () => Promise.reject(new AdminInputError("This category is used by 2 articles.")) });
    const refused = await answerOf(inlineEditorAction(form({ intent: "delete", id: rowId }), used.rules));
    expect(refused).toEqual({ status: 400, ok: false, toast: { type: "error", title: "Error", description: "This category is used by 2 articles." } });
  });

  it("answers an invalid request to a delete without an id, a bad id or an unknown intent, changing nothing", async () => {
    const { rules, save, remove } = categoriesScreen();
    const invalid: Record<string, string>[] = [
      { intent: "delete" },
      { intent: "delete", id: "not-an-id" },
      { intent: "save", id: "42", name: "A", slug: "a" },
      { intent: "rename", id: rowId },
      {},
    ];
    for (const fields of invalid) {
      const answer = await answerOf(inlineEditorAction(form(fields), rules));
      expect(answer, JSON.stringify(fields)).toEqual({ status: 400, ok: false, toast: { type: "error", title: "Error", description: "Invalid request." } });
    }
    expect(save).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
  });

  it("saves by another intent only for a row already there, with that intent's toast", async () => {
    const { rules, save } = categoriesScreen({
      otherSaves: { move: (input) => ({ type: "success", title: "Moved", description: `${input.name} moved.` }) },
    });
    const withoutId = await answerOf(inlineEditorAction(form({ intent: "move", name: "Music", slug: "music" }), rules));
    expect(withoutId.toast.description).toBe("Invalid request.");
    expect(save).not.toHaveBeenCalled();
    const moved = await answerOf(inlineEditorAction(form({ intent: "move", id: rowId, name: "Music", slug: "music", position: "3" }), rules));
    expect(moved).toEqual({ status: 200, ok: true, toast: { type: "success", title: "Moved", description: "Music moved." } });
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ name: "Music", position: 3 }), rowId);
  });
});

describe("deleteRowAction", () => {
  it("answers with the screen's toast, or with the refusal's message", async () => {
    const deleted = { type: "success", title: "Team member deleted successfully!" } as const;
    const failed = "Failed to delete team member. Please try again.";
    expect(await answerOf(deleteRowAction(async () => {}, { deleted, failed }))).toEqual({ status: 200, ok: true, toast: deleted });
    const gone = await answerOf(deleteRowAction(async () => Promise.reject(new AdminInputError("This team member no longer exists.")), { deleted, failed }));
    expect(gone).toEqual({ status: 400, ok: false, toast: { type: "error", title: "Error", description: "This team member no longer exists." } });
  });
});
