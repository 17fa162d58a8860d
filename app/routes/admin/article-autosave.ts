import { data } from "react-router";
import type { Route } from "./+types/article-autosave";
import { containsNulByte } from "#app/server/core/form.server";
import { requireAbility } from "#app/server/auth/access.server";
import { checkArticleAccess } from "#app/server/articles/article-access.server";
import { mayEditArticle } from "#app/lib/article-access";
import { autosaveSchema, discardAutosave, saveAutosave, articleKeySchema } from "#app/server/articles/article-autosave.server";
import { services } from "#app/server/core/services.server";

/**
 * POST JSON { articleKey, values }: keeps what the editor typed (every few seconds while typing);
 * { articleKey, discard: true } forgets it. Never a revision: only a real save makes one.
 */
export async function action({ request }: Route.ActionArgs) {
  const editor = await requireAbility(request, "writeOwnArticles");
  const { db } = services();
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    body = null;
  }
  if (containsNulByte(body)) body = null; // text no column can store
  if (body && typeof body === "object" && "discard" in body) {
    const key = articleKeySchema.safeParse((body as { articleKey?: unknown }).articleKey);
    if (!key.success) return data({ error: "Unknown article." }, { status: 400 });
    await discardAutosave(db, editor.id, key.data);
    return { discarded: true };
  }
  const parsed = autosaveSchema.safeParse(body);
  if (!parsed.success) return data({ error: "These changes could not be kept." }, { status: 400 });
  // Changes to an article kept only for someone who may edit it.
  if (parsed.data.articleKey !== "new") await checkArticleAccess(db, editor, parsed.data.articleKey, mayEditArticle);
  const savedAt = await saveAutosave(db, editor.id, parsed.data.articleKey, parsed.data.values);
  return { savedAt: savedAt.toISOString() };
}
