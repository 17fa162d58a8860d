import { Pencil, Plus, Sparkles, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/articles";
import { readForm } from "#app/server/core/form.server";
import { requireAbility } from "#app/server/auth/access.server";
import { checkArticleAccess } from "#app/server/articles/article-access.server";
import { latestNotes } from "#app/server/articles/review.server";
import { can } from "#app/lib/access";
import { mayDeleteArticle, mayEditArticle, seesAllArticles, statusesFor, statusLabels } from "#app/lib/article-access";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import { deleteArticle } from "#app/server/articles/article-writes.server";
import { articleLanguages, categoryChoices, listAdminArticles } from "#app/server/articles/admin-articles.server";
import { bylineChoices } from "#app/server/articles/bylines.server";
import { adminArticleFilterOf, defaultAdminArticleSort, isFiltered, type AdminArticleSort } from "#app/lib/admin-article-filter";
import { SortableHeading } from "#app/components/admin/sortable-heading";
import { languageName, levels } from "#app/lib/curriculum";
import { SearchFilterForm } from "#app/components/admin/search-filter-form";
import { services } from "#app/server/core/services.server";
import { stampDateTime } from "#app/server/core/stamps.server";
import { pageLinks, sizedPageRequest } from "#app/server/db/keyset.server";
import { changeArticles, selectedArticles, type ArticleBatchChange } from "#app/server/articles/article-batch.server";
import { failureToast } from "#app/server/admin/admin-screens.server";
import { ListFooter } from "#app/components/admin/list-footer";
import { SelectRowBox, useBatchForm } from "#app/components/admin/batch-form";
import {
  ArticleBatchBar,
  articleBatchFetcherKey,
  articleBatchFormId,
  articleNoun,
  BatchOutcome,
  DeleteConfirmation,
  type ArticleBatchData,
} from "#app/components/admin/article-batch";
import { batchFields, batchIdsSchema, noneSelected, selectFirstText } from "#app/lib/batch-selection";
import { keptPageSize, pageSizeOf, withPageSize } from "#app/lib/list-page-size";
import { plural } from "#app/lib/plural";
import { Button, buttonClass } from "#app/components/ui/button";
import { Table, Td, Th } from "#app/components/ui/table";
import { ShortId } from "#app/components/admin/short-id";
import { confirmSubmit, useActionToast } from "#app/lib/use-action-toast";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";
import type { Toast } from "#app/lib/toast";
import { adminMeta } from "#app/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Articles", matches);

/** The filters' choices: every status, category, byline writer (on the full list), language in use and level; and the categories to move articles to. */
async function filterChoices(everyone: boolean) {
  const { db } = services();
  const [categories, writers, languages] = await Promise.all([categoryChoices(db), everyone ? bylineChoices(db) : [], articleLanguages(db)]);
  const all = { value: "", label: "All" };
  return {
    status: [all, ...Object.entries(statusLabels).map(([value, label]) => ({ value, label }))],
    category: [all, ...categories.map((category) => ({ value: category.slug, label: category.name }))],
    author: everyone ? [all, ...writers.map((writer) => ({ value: writer.value, label: writer.name }))] : null,
    lang: [all, ...languages.map((tag) => ({ value: tag, label: languageName(tag) }))],
    level: [all, ...levels.map((level) => ({ value: level.value, label: level.label }))],
    moveTo: categories.map(({ id, name }) => ({ id, name })),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { db, log } = services();
  const url = new URL(request.url);
  const actor = await requireAbility(request, "writeOwnArticles");
  const everyone = seesAllArticles(actor);
  const filter = adminArticleFilterOf(url.searchParams);
  const screen = {
    mine: !everyone,
    usesAiWriter: can(actor.role, "useAiWriter"),
    canPublish: statusesFor(actor).includes("published"),
    filter,
    filtered: isFiltered(filter),
    size: pageSizeOf(url.searchParams),
  };
  try {
    const [page, choices] = await Promise.all([
      listAdminArticles(db, sizedPageRequest(url.searchParams), everyone ? null : actor.id, filter),
      filterChoices(everyone),
    ]);
    // My Articles shows each article's latest note from the editors.
    const notes = everyone
      ? null
      : await latestNotes(
          db,
          page.rows.map((article) => article.id),
        );
    const rows = page.rows.map(({ scheduledAt, ...article }) => ({
      ...article,
      note: notes?.get(article.id) ?? null,
      schedule: scheduledAt && stampDateTime(scheduledAt),
      editable: mayEditArticle(actor, article),
      deletable: mayDeleteArticle(actor, article),
    }));
    return { ...screen, choices, articles: rows, total: page.total, pages: pageLinks(url, page), loadError: null };
  } catch (error) {
    log.error({ err: error }, "admin article list failed to load");
    return { ...screen, choices: null, articles: [], total: 0, pages: { next: null, prev: null }, loadError: "Failed to load articles. Please try again." };
  }
}

const deleteSchema = z.object({ intent: z.literal("delete"), id: z.uuid() });
const deleteFailed = "Failed to delete article. Please try again.";
const errorToast = (description: string): Toast => ({ type: "error", title: "Error", description });

// The selected articles (each an `id`), and what to do to them: the button pressed (`change`).
const batchBase = z.object({ intent: z.literal("batch"), ids: batchIdsSchema });
const batchSchema = z.discriminatedUnion("change", [
  batchBase.extend({ change: z.literal("publish") }),
  batchBase.extend({ change: z.literal("unpublish") }),
  // Deleting asks first: `confirmed` is the answer's button.
  batchBase.extend({ change: z.literal("delete"), confirmed: z.literal("yes").optional() }),
  batchBase.extend({ change: z.literal("category"), categoryId: z.uuid() }),
]);
const batchFailed = "Failed to change the articles. Please try again.";
const chooseCategoryText = "Choose the category to move them to.";

/** What a batch did, as its toast and the screen say it: "3 articles published." */
const doneText = (change: ArticleBatchChange, categoryName: string) =>
  ({ publish: "published", unpublish: "unpublished", delete: "deleted", category: `moved to ${categoryName}` })[change.kind];

async function batchAction(request: Request, form: FormData) {
  const actor = await requireAbility(request, "writeOwnArticles");
  const parsed = batchSchema.safeParse(batchFields(form));
  if (!parsed.success) {
    const description = noneSelected(form)
      ? selectFirstText("articles")
      : form.get("change") === "category" && !form.get("categoryId")
        ? chooseCategoryText
        : batchFailed;
    return data<ArticleBatchData>({ ok: false, toast: errorToast(description) }, { status: 400 });
  }
  const { db } = services();
  const command = parsed.data;
  try {
    if (command.change === "delete" && !command.confirmed) {
      const selected = await selectedArticles(db, actor, command.ids);
      if (selected.length === 0) return data<ArticleBatchData>({ ok: false, toast: errorToast("These articles no longer exist.") }, { status: 400 });
      return data<ArticleBatchData>({ ok: false, confirm: { ids: selected.map((article) => article.id), titles: selected.map((article) => article.title) } });
    }
    const change: ArticleBatchChange = command.change === "category" ? { kind: "category", categoryId: command.categoryId } : { kind: command.change };
    const { changed, unchanged } = await changeArticles(db, actor, command.ids, change);
    services().wakeMailQueue?.(); // a publication may have queued review mails
    const categoryName = change.kind === "category" ? (await categoryChoices(db)).find((category) => category.id === change.categoryId)?.name : undefined;
    const summary = `${plural(changed, articleNoun)} ${doneText(change, categoryName ?? "another category")}.`;
    const left =
      unchanged.length > 0 ? `${plural(unchanged.length, { one: "article was", other: "articles were" })} not changed: see why above the list.` : undefined;
    const toast: Toast =
      changed > 0 ? { type: "success", title: summary, description: left } : { type: "error", title: "No articles changed", description: left };
    return data<ArticleBatchData>({ ok: true, toast, outcome: { summary, unchanged } });
  } catch (error) {
    if (error instanceof Response) throw error;
    return data<ArticleBatchData>({ ok: false, toast: failureToast(error, batchFailed) }, { status: error instanceof AdminInputError ? 400 : 500 });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form?.get("intent") === "batch") return batchAction(request, form);
  const parsed = deleteSchema.safeParse(Object.fromEntries(form ?? []));
  if (!parsed.success) return data({ toast: errorToast(deleteFailed) }, { status: 400 });
  const { db, log } = services();
  const actor = await requireAbility(request, "writeOwnArticles");
  try {
    await deleteArticle(db, parsed.data.id, (tx) => checkArticleAccess(tx, actor, parsed.data.id, mayDeleteArticle));
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof AdminInputError) return data({ toast: errorToast(error.message) }, { status: 400 });
    log.error({ err: error, articleId: parsed.data.id }, "article delete failed");
    return data({ toast: errorToast(deleteFailed) }, { status: 500 });
  }
  return { toast: { type: "success", title: "Article deleted successfully!" } satisfies Toast };
}

type AdminArticle = Route.ComponentProps["loaderData"]["articles"][number];

const sortCaptions: Record<AdminArticleSort, string> = {
  created: "newest first",
  updated: "last updated first",
  title: "by title from A to Z",
  views: "most read first",
};

const dateLabel = (date: Date) => new Date(date).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

const statusColours: Record<AdminArticle["status"], string> = {
  published: "bg-success-soft text-success-soft-foreground",
  draft: "bg-secondary text-foreground",
  pending: "bg-warning-soft text-warning-soft-foreground",
  scheduled: "bg-warning-soft text-warning-soft-foreground",
};

function StatusBadge({ status, schedule }: Pick<AdminArticle, "status" | "schedule">) {
  return (
    <>
      <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${statusColours[status]}`}>{statusLabels[status]}</span>
      {schedule && (
        <time dateTime={schedule.iso} className="mt-1 block text-xs text-muted-foreground">
          {schedule.text}
        </time>
      )}
    </>
  );
}

// Shared by every row: the screen shows the toast, since a deleted row can be gone (its own
// live refresh) before the answer lands.
const deleteFetcherKey = "article-delete";

function ArticleRow({ article }: { article: AdminArticle }) {
  const fetcher = useFetcher<typeof action>({ key: deleteFetcherKey });
  const busy = fetcher.state !== "idle"; // one deletion at a time: a second would cancel the first's answer
  const deleting = busy && fetcher.formData?.get("id") === article.id;
  return (
    <tr className={deleting ? "opacity-60" : undefined}>
      <Td label="Title" wide className="w-full min-w-40 font-medium">
        {article.editable ? (
          <Link to={`/admin/articles/${article.id}`} className="hover:underline">
            {article.title}
          </Link>
        ) : (
          article.title
        )}
        {article.note && (
          <span className="mt-1 block text-sm font-normal text-muted-foreground">
            <span className="font-medium text-foreground">{`Note from ${article.note.authorName ?? "an editor"}: `}</span>
            <span className="line-clamp-3 whitespace-pre-wrap">{article.note.body}</span>
          </span>
        )}
      </Td>
      <Td label="Status">
        <StatusBadge status={article.status} schedule={article.schedule} />
      </Td>
      <Td label="Author">{article.writers.length > 0 ? article.writers.join(", ") : "—"}</Td>
      <Td label="Category">
        {article.categoryName}
        <span className="block text-xs text-muted-foreground">{article.categorySlug}</span>
      </Td>
      <Td label="Created" className="whitespace-nowrap">
        {dateLabel(article.createdAt)}
      </Td>
      <Td label="Updated" className="whitespace-nowrap">
        {dateLabel(article.updatedAt)}
      </Td>
      <Td label="Views" className="text-right tabular-nums">
        {article.views.toLocaleString("en-US")}
      </Td>
      <Td label="ID" className="whitespace-nowrap">
        <ShortId id={article.id} copyLabel={`Copy ID of ${article.title}`} />
      </Td>
      <Td label="Actions">
        {/* The row's checkbox for the batch, above its buttons: a column of its own would take the title's room on a laptop. */}
        <label className="mb-1 flex items-center gap-1.5 px-1 text-xs font-medium">
          <SelectRowBox form={articleBatchFormId} value={article.id} label={`Select ${article.title}`} />
          Select
        </label>
        <div className="flex items-center gap-1">
          {article.editable && (
            <Link to={`/admin/articles/${article.id}`} aria-label={`Edit ${article.title}`} title="Edit" className={buttonClass("ghost", "icon")}>
              <Pencil className="size-4" aria-hidden />
            </Link>
          )}
          {article.deletable && (
            <fetcher.Form method="post" onSubmit={confirmSubmit("Are you sure you want to delete this article? This action cannot be undone.")}>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={article.id} />
              <Button type="submit" variant="ghost" size="icon" aria-label={`Delete ${article.title}`} title="Delete" disabled={busy}>
                <Trash2 className="size-4 text-destructive" aria-hidden />
              </Button>
            </fetcher.Form>
          )}
        </div>
      </Td>
    </tr>
  );
}

export default function AdminArticles({ loaderData, actionData }: Route.ComponentProps) {
  useLiveRevalidation(["articles", "categories"]);
  useActionToast(useFetcher<typeof action>({ key: deleteFetcherKey }).data);
  const batch = useBatchForm<ArticleBatchData>(articleBatchFetcherKey);
  // The batch's answer: the fetcher's, or, without scripts, the page's own (the form was posted).
  const answer = batch.fetcher.data ?? (actionData && "ok" in actionData ? actionData : undefined);
  const [dismissed, setDismissed] = useState<ArticleBatchData | undefined>();
  const shown = answer === dismissed ? undefined : answer;
  const { articles, total, pages, loadError, mine, usesAiWriter, canPublish, filter, filtered, choices, size } = loaderData;
  const sorting = { current: filter.sort, byDefault: defaultAdminArticleSort };
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">
          {mine ? "My Articles " : "Articles "}
          {!loadError && <span className="text-base font-normal text-muted-foreground">{`(${total})`}</span>}
        </h1>
        <div className="flex flex-wrap gap-3">
          {usesAiWriter && (
            <Link to="/admin/articles/ai-writer" className={buttonClass("outline")}>
              <Sparkles className="size-4" aria-hidden />
              AI Writer
            </Link>
          )}
          <Link to="/admin/articles/new" className={buttonClass("primary")}>
            <Plus className="size-4" aria-hidden />
            New Article
          </Link>
        </div>
      </div>
      {choices && (
        <SearchFilterForm
          id="article"
          searchLabel="Search titles"
          placeholder="Words of the title"
          q={filter.q}
          clearHref={filtered ? withPageSize("/admin/articles", size) : undefined}
          kept={{ ...(filter.sort === defaultAdminArticleSort ? {} : { sort: filter.sort }), ...keptPageSize(size) }}
          filters={[
            { name: "status", label: "Status", value: filter.status ?? "", options: choices.status },
            { name: "category", label: "Category", value: filter.category ?? "", options: choices.category },
            ...(choices.author ? [{ name: "author", label: "Author", value: filter.author ?? "", options: choices.author }] : []),
            { name: "lang", label: "Language", value: filter.lang ?? "", options: choices.lang },
            { name: "level", label: "Level", value: filter.level ?? "", options: choices.level },
          ]}
        />
      )}
      {/* Above the list, even one the batch left empty. */}
      {(shown?.confirm || shown?.outcome) && (
        <div className="mt-6">
          {shown.confirm && <DeleteConfirmation key={shown.confirm.ids.join()} batch={batch} confirm={shown.confirm} onCancel={() => setDismissed(shown)} />}
          {shown.outcome && <BatchOutcome outcome={shown.outcome} onDismiss={() => setDismissed(shown)} />}
        </div>
      )}
      {loadError ? (
        <p role="alert" className="mt-6 text-destructive">
          {loadError}
        </p>
      ) : articles.length === 0 ? (
        <p className="mt-6 text-muted-foreground">
          {filtered ? "No articles match these filters." : "No articles yet. Use New Article to write the first one."}
        </p>
      ) : (
        <div className="mt-6">
          {choices && <ArticleBatchBar batch={batch} canPublish={canPublish} categories={choices.moveTo} />}
          {/* Nine columns: narrower gaps leave the title room for a few lines. */}
          <Table stackBelow="3xl" className="[&_td]:px-2 [&_th]:px-2">
            <caption className="sr-only">{`${mine ? "Your articles" : "All articles"}, drafts included, ${sortCaptions[filter.sort]}`}</caption>
            <thead>
              <tr>
                <SortableHeading label="Title" sort="title" direction="ascending" {...sorting} />
                <Th>Status</Th>
                <Th>Author</Th>
                <Th>Category</Th>
                <SortableHeading label="Created" sort="created" direction="descending" {...sorting} />
                <SortableHeading label="Updated" sort="updated" direction="descending" {...sorting} />
                <SortableHeading label="Views" sort="views" direction="descending" className="text-right" {...sorting} />
                <Th>ID</Th>
                <Th>Actions</Th>
              </tr>
            </thead>
            <tbody>
              {articles.map((article) => (
                <ArticleRow key={article.id} article={article} />
              ))}
            </tbody>
          </Table>
          <ListFooter id="article" total={total} noun={articleNoun} size={size} pages={pages} label="Articles pages" />
        </div>
      )}
    </div>
  );
}
