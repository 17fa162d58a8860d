import { Link } from "react-router";
import type { Route } from "./+types/article-new";
import { readForm } from "#app/server/core/form.server";
import { requireAbility } from "#app/server/auth/access.server";
import { checkStatusAllowed } from "#app/server/articles/article-access.server";
import { afterArticleSave } from "#app/server/articles/review.server";
import { createArticle } from "#app/server/articles/article-writes.server";
import { categoryChoices, submitArticleForm } from "#app/server/articles/admin-articles.server";
import { curriculumChoices } from "#app/server/articles/curriculum.server";
import { autosaveToOffer } from "#app/server/articles/article-autosave.server";
import { services } from "#app/server/core/services.server";
import { ArticleForm } from "#app/components/admin/article-form";
import { emptyArticleValues } from "#app/lib/article-form-values";
import { statusesFor } from "#app/lib/article-access";
import { useAiDraft } from "#app/components/admin/ai-draft-handoff";
import { adminMeta } from "#app/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("New Article", matches);

export async function loader({ request }: Route.LoaderArgs) {
  const { db, config } = services();
  const editor = await requireAbility(request, "writeOwnArticles");
  const [categories, curriculum, autosave] = await Promise.all([
    categoryChoices(db),
    curriculumChoices(db, editor, null),
    autosaveToOffer(db, editor.id, "new", emptyArticleValues),
  ]);
  return { categories, curriculum, statuses: statusesFor(editor), timeZone: config.SITE_TIMEZONE, autosave };
}

export async function action({ request }: Route.ActionArgs) {
  const author = await requireAbility(request, "writeOwnArticles");
  return submitArticleForm(
    (await readForm(request)) ?? new FormData(),
    async (db, input) => {
      checkStatusAllowed(author, input.status);
      const created = await createArticle(db, input, author);
      await afterArticleSave(db, created.id, author, null, input.status);
    },
    { success: "Article created successfully!", failure: "Failed to create article. Please try again." },
    { userId: author.id, articleKey: "new" },
  );
}

export default function NewArticle({ loaderData, actionData }: Route.ComponentProps) {
  // A draft handed over by the AI writer fills the form once the page runs in the browser.
  const draft = useAiDraft();
  return (
    <div>
      <Link to="/admin/articles" className="text-sm font-medium text-accent underline">
        Back to Articles
      </Link>
      <h1 className="mt-2 text-2xl font-bold">New Article</h1>
      <ArticleForm
        key={draft ? "ai-draft" : "blank"}
        mode="create"
        categories={loaderData.categories}
        curriculum={loaderData.curriculum}
        statuses={loaderData.statuses}
        initialValues={draft && !actionData ? { ...emptyArticleValues, ...draft } : emptyArticleValues}
        initialPreviewHtml=""
        failure={actionData}
        timeZone={loaderData.timeZone}
        articleKey="new"
        autosave={draft || actionData ? null : loaderData.autosave}
      />
    </div>
  );
}
