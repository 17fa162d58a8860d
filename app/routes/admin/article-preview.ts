import { z } from "zod";
import type { Route } from "./+types/article-preview";
import { readForm, unreadableFormText } from "#app/server/core/form.server";
import { requireAbility } from "#app/server/auth/access.server";
import { renderMarkdown } from "#app/server/articles/markdown.server";

const previewSchema = z.object({ content: z.string().max(200_000, { message: "Content is too long." }) });

/** POST /admin/articles/preview: the article body exactly as the public page renders it. */
export async function action({ request }: Route.ActionArgs) {
  await requireAbility(request, "writeOwnArticles");
  const form = await readForm(request);
  if (!form) return Response.json({ error: unreadableFormText }, { status: 400 });
  const parsed = previewSchema.safeParse({ content: form.get("content") ?? "" });
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]!.message }, { status: 400 });
  return Response.json({ html: renderMarkdown(parsed.data.content) });
}
