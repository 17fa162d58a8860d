import { Link } from "react-router";
import type { Route } from "./+types/article-new";
import { requireAdmin } from "../../server/auth.server";
import { createArticle } from "../../server/admin-content.server";
import { categoryChoices, submitArticleForm } from "../../server/admin-articles.server";
import { autosaveToOffer } from "../../server/article-autosave.server";
import { services } from "../../server/services.server";
import { ArticleForm } from "../../components/admin/article-form";
import { emptyArticleValues } from "../../components/admin/article-form-values";
import { useAiDraft } from "../../components/admin/ai-draft-handoff";

export const meta: Route.MetaFunction = () => [{ title: "New Article | The Educator - Admin" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { db, config } = services();
  const editor = await requireAdmin(request);
  const [categories, autosave] = await Promise.all([categoryChoices(db), autosaveToOffer(db, editor.id, "new", emptyArticleValues)]);
  return { categories, timeZone: config.SITE_TIMEZONE, autosave };
}

export async function action({ request }: Route.ActionArgs) {
  const author = await requireAdmin(request);
  return submitArticleForm(
    await request.formData(),
    (db, input) => createArticle(db, input, author.id),
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
