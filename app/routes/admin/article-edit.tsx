import { isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/article-edit";
import { updateArticle } from "../../server/admin-content.server";
import { categoryChoices, findArticleForEdit, submitArticleForm } from "../../server/admin-articles.server";
import { isUuid } from "../../lib/uuid";
import { renderMarkdown } from "../../server/markdown.server";
import { services } from "../../server/services.server";
import { ArticleForm } from "../../components/admin/article-form";

const notFound = () => new Response("Article not found", { status: 404 });

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `${page ? `Edit: ${page.article.title}` : "Article not found"} | The Educator - Admin` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params }: Route.LoaderArgs) {
  const { db } = services();
  const [article, categories] = await Promise.all([findArticleForEdit(db, params.id), categoryChoices(db)]);
  if (!article) throw notFound();
  return { article, categories, previewHtml: renderMarkdown(article.content), timeZone: services().config.SITE_TIMEZONE };
}

export async function action({ request, params }: Route.ActionArgs) {
  if (!isUuid(params.id)) throw notFound();
  return submitArticleForm(request, (db, input) => updateArticle(db, params.id, input), {
    success: "Article updated successfully!",
    failure: "Failed to update article. Please try again.",
  });
}

export default function EditArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { article } = loaderData;
  return (
    <div>
      <Link to="/admin/articles" className="text-sm font-medium text-accent underline">
        Back to Articles
      </Link>
      <h1 className="mt-2 text-2xl font-bold">Edit Article</h1>
      <ArticleForm
        // A different article is a fresh form.
        key={article.id}
        mode="edit"
        categories={loaderData.categories}
        initialValues={{
          title: article.title,
          excerpt: article.excerpt ?? "",
          content: article.content,
          categoryId: article.categoryId,
          status: article.status,
          featuredImageUrl: article.featuredImageUrl ?? "",
          scheduledAt: article.scheduledAt,
        }}
        initialPreviewHtml={loaderData.previewHtml}
        failure={actionData}
        timeZone={loaderData.timeZone}
      />
    </div>
  );
}

/** Unknown id: the 404 page, inside the admin shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="py-16 text-center">
      <title>{missing ? "Article not found | The Educator - Admin" : "The Educator - Admin"}</title>
      <h1 className="text-2xl font-bold">{missing ? "Oops! Page not found" : "Something went wrong"}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{missing ? "No article has this id. It may have been deleted." : "Please try again."}</p>
      <Link to="/admin/articles" className="mt-6 inline-block font-medium text-accent underline">
        Back to Articles
      </Link>
    </div>
  );
}
