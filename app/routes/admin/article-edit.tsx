import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import type { Route } from "./+types/article-edit";
import { readForm } from "#app/server/core/form.server";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import { restoreRevision, updateArticle } from "#app/server/articles/article-writes.server";
import { compareWithCurrent, currentState, findRevision, listRevisions } from "#app/server/articles/article-revisions.server";
import { accessDenied, requireAbility } from "#app/server/auth/access.server";
import { checkArticleAccess, checkStatusAllowed } from "#app/server/articles/article-access.server";
import { mayEditArticle, statusesFor } from "#app/lib/article-access";
import { can } from "#app/lib/access";
import { afterArticleSave, leaveNote, listNotes, requestChanges } from "#app/server/articles/review.server";
import { curriculumChoices } from "#app/server/articles/curriculum.server";
import { autosaveToOffer } from "#app/server/articles/article-autosave.server";
import { stampDateTime } from "#app/server/core/stamps.server";
import { toastHeader } from "#app/server/core/toast.server";
import type { Toast } from "#app/lib/toast";
import { ArticleRevisions } from "#app/components/admin/article-revisions";
import { categoryChoices, findArticleForEdit, formValuesOf, submitArticleForm } from "#app/server/articles/admin-articles.server";
import { isUuid } from "#app/lib/uuid";
import { renderMarkdown } from "#app/server/articles/markdown.server";
import { services } from "#app/server/core/services.server";
import { ArticleForm } from "#app/components/admin/article-form";
import { buttonClass } from "#app/components/ui/button";
import { ArticleReview } from "#app/components/admin/article-review";
import { ArticleBylines } from "#app/components/admin/article-bylines";
import { bylineChoices, bylinesOf, setArticleBylines } from "#app/server/articles/bylines.server";
import { bylineListSchema } from "#app/lib/bylines";
import { adminMeta } from "#app/lib/seo";
import { ArticleResourcesEditor, resourceIntents, type ResourceUploadFailure } from "#app/components/admin/article-resources-editor";
import {
  addArticleResource,
  moveArticleResource,
  removeArticleResource,
  renameArticleResource,
  resourcesForEditor,
  type ResourceAccessCheck,
} from "#app/server/resources/resources.server";
import { ResourceUploadError } from "#app/server/resources/resource-files.server";
import { resourceUploadFailures } from "#app/lib/resource-files";
import { whatsAppMessage } from "#app/lib/whatsapp-message";
import { CopyForWhatsApp } from "#app/components/admin/copy-for-whatsapp";

const notFound = () => new Response("Article not found", { status: 404 });

export const meta: Route.MetaFunction = ({ data: page, matches }) => adminMeta(page ? `Edit: ${page.article.title}` : "Article not found", matches);

export async function loader({ params, request }: Route.LoaderArgs) {
  if (!isUuid(params.id)) throw notFound();
  const { db } = services();
  const editor = await requireAbility(request, "writeOwnArticles");
  const reviews = can(editor.role, "editAllArticles");
  const [article, categories, curriculum, revisions, notes, bylines, choices] = await Promise.all([
    findArticleForEdit(db, params.id),
    categoryChoices(db),
    curriculumChoices(db, editor, params.id),
    listRevisions(db, params.id),
    listNotes(db, params.id),
    bylinesOf(db, params.id),
    reviews ? bylineChoices(db) : [],
  ]);
  if (!article) throw notFound();
  if (!mayEditArticle(editor, article)) throw accessDenied();
  const values = formValuesOf(article);
  // ?compare=<revision>: what changed from that revision to the article as it is now.
  const compareId = new URL(request.url).searchParams.get("compare");
  const compared = compareId && isUuid(compareId) ? await findRevision(db, params.id, compareId) : null;
  const current = compared && (await currentState(db, params.id));
  return {
    article,
    values,
    autosave: await autosaveToOffer(db, editor.id, params.id, values),
    categories,
    curriculum,
    statuses: statusesFor(editor),
    previewHtml: renderMarkdown(article.content),
    timeZone: services().config.SITE_TIMEZONE,
    revisions: revisions.map((revision) => ({ ...revision, created: stampDateTime(revision.createdAt) })),
    notes: notes.map(({ createdAt, ...note }) => ({ ...note, created: stampDateTime(createdAt) })),
    reviews,
    bylines,
    bylineChoices: choices,
    resources: await resourcesForEditor(db, params.id),
    comparison: compared && current ? { revisionId: compareId!, ...(await compareWithCurrent(db, compared, current)) } : null,
    // Only a published article's link opens for readers: only it gets a message to share.
    whatsApp:
      article.status === "published"
        ? whatsAppMessage({ title: article.title, excerpt: article.excerpt, url: `${services().config.PUBLIC_URL}/articles/${article.id}` })
        : null,
  };
}

/**
 * One step on an article besides a save (restore a revision, leave a note, send it back): done,
 * it reloads the edit screen with a success toast; refused (AdminInputError), it stays with the
 * reason; a 403 from an access check passes through.
 */
async function articleStep(id: string, success: string, failure: string, run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof AdminInputError)) services().log.error({ err: error, articleId: id }, failure);
    const description = error instanceof AdminInputError ? error.message : failure;
    return data({ toast: { type: "error", title: "Error", description } satisfies Toast }, { status: error instanceof AdminInputError ? 400 : 500 });
  }
  return redirect(`/admin/articles/${id}`, { headers: { "Set-Cookie": await toastHeader({ type: "success", title: success }) } });
}

/**
 * Attaches an uploaded file to the article. Refused (a type the bytes do not bear out, macros, too
 * large), the screen stays with the reason and the typed title; the article's draft is not touched.
 */
async function uploadResource(form: FormData, articleId: string, userId: string, access: ResourceAccessCheck) {
  const { db, storage, log } = services();
  try {
    await addArticleResource(
      db,
      storage,
      { articleId, title: form.get("title"), resourceType: form.get("resourceType"), file: form.get("file"), uploadedBy: userId },
      access,
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    const known = error instanceof ResourceUploadError || error instanceof AdminInputError;
    if (!known) log.error({ err: error, articleId }, "resource upload failed");
    const failure =
      error instanceof ResourceUploadError
        ? error.failure
        : error instanceof AdminInputError
          ? { title: "Upload failed", description: error.message }
          : resourceUploadFailures.failed;
    const values = { title: String(form.get("title") ?? ""), resourceType: String(form.get("resourceType") ?? "") };
    return data({ resourceFailure: failure, resourceValues: values } satisfies ResourceUploadFailure, {
      status: error instanceof ResourceUploadError ? error.status : known ? 400 : 500,
    });
  }
  return redirect(`/admin/articles/${articleId}`, { headers: { "Set-Cookie": await toastHeader({ type: "success", title: "Resource uploaded." }) } });
}

export async function action({ request, params }: Route.ActionArgs) {
  if (!isUuid(params.id)) throw notFound();
  const editor = await requireAbility(request, "writeOwnArticles");
  const form = (await readForm(request)) ?? new FormData();
  const { db } = services();
  const id = params.id;
  const intent = form.get("intent");
  if (intent === "restore") {
    return articleStep(id, "Revision restored.", "Failed to restore the revision. Please try again.", () =>
      restoreRevision(db, id, String(form.get("revisionId") ?? ""), editor, async (tx, revision) => {
        await checkArticleAccess(tx, editor, id, mayEditArticle);
        checkStatusAllowed(editor, revision.status);
      }),
    );
  }
  if (intent === "bylines") {
    if (!can(editor.role, "editAllArticles")) throw accessDenied();
    const refs = bylineListSchema.safeParse(form.getAll("byline").filter((value) => value !== ""));
    if (!refs.success) {
      const description = refs.error.issues[0]?.message ?? "Invalid byline.";
      return data({ toast: { type: "error", title: "Error", description } satisfies Toast }, { status: 400 });
    }
    return articleStep(id, "Authors updated.", "Failed to update the authors. Please try again.", () =>
      setArticleBylines(db, id, refs.data, (tx) => checkArticleAccess(tx, editor, id, mayEditArticle)),
    );
  }
  if (typeof intent === "string" && intent.startsWith("resource-")) {
    const access: ResourceAccessCheck = (tx) => checkArticleAccess(tx, editor, id, mayEditArticle);
    const resourceId = String(form.get("resourceId") ?? "");
    if (intent === resourceIntents.add) return uploadResource(form, id, editor.id, access);
    if (intent === resourceIntents.rename) {
      return articleStep(id, "Resource renamed.", "Failed to rename the resource. Please try again.", () =>
        renameArticleResource(db, id, resourceId, { title: form.get("title"), resourceType: form.get("resourceType") }, access),
      );
    }
    if (intent === resourceIntents.move) {
      const direction = form.get("direction") === "up" ? "up" : "down";
      return articleStep(id, "Resources reordered.", "Failed to move the resource. Please try again.", () =>
        moveArticleResource(db, id, resourceId, direction, access),
      );
    }
    if (intent === resourceIntents.remove) {
      return articleStep(id, "Resource removed.", "Failed to remove the resource. Please try again.", () =>
        removeArticleResource(db, services().storage, id, resourceId, access),
      );
    }
  }
  if (intent === "note" || intent === "request-changes") {
    if (!can(editor.role, "editAllArticles")) throw accessDenied();
    const note = form.get("note");
    if (intent === "note") return articleStep(id, "Note added.", "Failed to add the note. Please try again.", () => leaveNote(db, id, editor, note));
    return articleStep(id, "Sent back to the writer with your note.", "Failed to send the article back. Please try again.", async () => {
      await requestChanges(db, id, editor, note, async (tx) => {
        const current = (await currentState(tx, id))!;
        await updateArticle(tx, id, { ...current, status: "draft", scheduledAt: null }, editor);
      });
      services().wakeMailQueue?.();
    });
  }
  return submitArticleForm(
    form,
    async (db, input) => {
      const before = await checkArticleAccess(db, editor, params.id, mayEditArticle);
      checkStatusAllowed(editor, input.status);
      await updateArticle(db, params.id, input, editor);
      await afterArticleSave(db, params.id, editor, before?.status ?? null, input.status);
    },
    { success: "Article updated successfully!", failure: "Failed to update article. Please try again." },
    { userId: editor.id, articleKey: params.id },
  );
}

export default function EditArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { article } = loaderData;
  return (
    <div>
      <Link to="/admin/articles" className="text-sm font-medium text-accent underline">
        Back to Articles
      </Link>
      <h1 className="mt-2 text-2xl font-bold">Edit Article</h1>
      {loaderData.whatsApp && (
        <div className="mt-3 flex flex-wrap items-start gap-3">
          <a href={`/articles/${article.id}`} target="_blank" rel="noopener noreferrer" className={buttonClass("outline", "sm")}>
            View published article
          </a>
          <CopyForWhatsApp message={loaderData.whatsApp} what="this article" />
        </div>
      )}
      <ArticleForm
        // A different article, or a revision restored, is a fresh form.
        key={`${article.id}:${loaderData.revisions[0]?.id ?? ""}`}
        mode="edit"
        categories={loaderData.categories}
        curriculum={loaderData.curriculum}
        statuses={loaderData.statuses}
        initialValues={loaderData.values}
        initialPreviewHtml={loaderData.previewHtml}
        failure={actionData && "errors" in actionData ? actionData : undefined}
        timeZone={loaderData.timeZone}
        articleKey={article.id}
        autosave={actionData ? null : loaderData.autosave}
      />
      <ArticleBylines bylines={loaderData.bylines} choices={loaderData.bylineChoices} editable={loaderData.reviews} />
      <ArticleResourcesEditor resources={loaderData.resources} failure={actionData && "resourceFailure" in actionData ? actionData : undefined} />
      <ArticleReview notes={loaderData.notes} reviews={loaderData.reviews} pending={article.status === "pending"} />
      <ArticleRevisions
        revisions={loaderData.revisions}
        comparison={loaderData.comparison}
        // Only a refused restore: a refused save or upload shows its toast in its own form.
        restoreFailure={actionData && "toast" in actionData && !("errors" in actionData) && !("resourceFailure" in actionData) ? actionData : undefined}
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
      <p className="mt-2 text-muted-foreground">{missing ? "No article has this id. It may have been deleted." : "Please try again."}</p>
      <Link to="/admin/articles" className="mt-6 inline-block font-medium text-accent underline">
        Back to Articles
      </Link>
    </div>
  );
}
