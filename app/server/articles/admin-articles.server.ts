import { and, asc, count, eq, ilike, inArray } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import { data, redirect } from "react-router";
import { articleAuthors, articles, categories } from "#database/schema";
import { articleFormSchema, curriculumOf, formErrors, scheduleMissingText } from "#app/lib/admin-schemas";
import { pickerLanguages } from "#app/lib/curriculum";
import { ArticleFieldError, articleSubjectIdsColumn, translationOfColumn } from "./curriculum.server";
import { localDateTimeValue, zonedDateTime } from "#app/lib/zoned-time";
import {
  articleFieldNames,
  articleFieldValue,
  emptyArticleValues,
  otherLanguageChoice,
  missingArticleFieldsText,
  type ArticleFormFailure,
  type ArticleFormValues,
} from "#app/lib/article-form-values";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import { type ArticleSave } from "./article-writes.server";
import { discardAutosave } from "./article-autosave.server";
import { containsPattern, type AppDb } from "#app/server/db/types.server";
import { countedPage, firstPage, keysetPage, type KeysetOrder, type PageRequest } from "#app/server/db/keyset.server";
import { services } from "#app/server/core/services.server";
import { isUuid } from "#app/lib/uuid";
import { tagFieldValue } from "#app/lib/tags";
import { articleTagsColumn } from "./tags.server";
import { bylineAccountsColumn, bylineNamesColumn, writtenBy } from "./bylines.server";
import { defaultAdminArticleSort, type AdminArticleFilter, type AdminArticleSort } from "#app/lib/admin-article-filter";
import { toastHeader } from "#app/server/core/toast.server";

/** The admin list's orders, by its column headings; the id breaks ties. */
const adminArticleOrders: Record<AdminArticleSort, KeysetOrder> = {
  created: { name: "admin-articles", columns: [articles.createdAt, articles.id], direction: "desc" },
  updated: { name: "admin-articles-updated", columns: [articles.updatedAt, articles.id], direction: "desc" },
  title: { name: "admin-articles-title", columns: [articles.title, articles.id], direction: "asc" },
  views: { name: "admin-articles-views", columns: [articles.views, articles.id], direction: "desc" },
};

/** The filter as one condition on `articles` joined with `categories`; the title's words use its trigram index. */
function adminArticleCondition(db: AppDb, { q, status, category, author, lang, level }: AdminArticleFilter) {
  const [kind, id] = author?.split(":", 2) ?? [];
  return and(
    q ? ilike(articles.title, containsPattern(q)) : undefined,
    status ? eq(articles.status, status) : undefined,
    category ? eq(categories.slug, category) : undefined,
    id ? writtenBy(db, { kind: kind === "guest" ? "guest" : "user", id }) : undefined,
    lang ? eq(articles.language, lang) : undefined,
    level ? eq(articles.level, level) : undefined,
  );
}

/**
 * The articles `writerId` created or is on the byline of (what "My articles" holds); every article
 * when null. One set of ids from both indexes (author_id, the bylines' user_id): an OR of the two
 * read every article (135 ms at 100,000 articles, npm run bench:admin-lists).
 */
export function writerScope(db: AppDb, writerId: string | null) {
  if (!writerId) return undefined;
  const bylines = db.select({ id: articleAuthors.articleId }).from(articleAuthors).where(eq(articleAuthors.userId, writerId));
  return inArray(articles.id, union(bylines, db.select({ id: articles.id }).from(articles).where(eq(articles.authorId, writerId))));
}

/**
 * The admin table: drafts included, newest created first (or as `filter.sort` says), a page at a time, with how many there
 * are; only those `writerId` created or is on the byline of, when given (a contributor's or an
 * author's "My articles"); narrowed by `filter`.
 */
export function listAdminArticles(db: AppDb, page: PageRequest = firstPage, writerId: string | null = null, filter: AdminArticleFilter | null = null) {
  const scope = and(writerScope(db, writerId), filter ? adminArticleCondition(db, filter) : undefined);
  const rows = keysetPage(adminArticleOrders[filter?.sort ?? defaultAdminArticleSort], page, (keyset) =>
    db
      .select({
        cursor: keyset.cursor,
        id: articles.id,
        title: articles.title,
        status: articles.status,
        authorId: articles.authorId,
        writerIds: bylineAccountsColumn,
        writers: bylineNamesColumn,
        scheduledAt: articles.scheduledAt,
        createdAt: articles.createdAt,
        updatedAt: articles.updatedAt,
        views: articles.views,
        categoryName: categories.name,
        categorySlug: categories.slug,
      })
      .from(articles)
      .innerJoin(categories, eq(categories.id, articles.categoryId))
      .where(and(scope, keyset.where))
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
  return countedPage(rows, db.select({ total: count() }).from(articles).innerJoin(categories, eq(categories.id, articles.categoryId)).where(scope));
}

/** The languages articles are written in, for the Articles list's filter. */
export async function articleLanguages(db: AppDb): Promise<string[]> {
  const rows = await db.selectDistinct({ language: articles.language }).from(articles).orderBy(asc(articles.language));
  return rows.map((row) => row.language);
}

/** Choices for a category select (the article form's, the AI writer's), by name. */
export function categoryChoices(db: AppDb) {
  return db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).orderBy(asc(categories.name));
}

/** The fields of the edit form, or null when no article has this id (or it is not an id at all). */
export async function findArticleForEdit(db: AppDb, id: string) {
  if (!isUuid(id)) return null;
  const [found] = await db
    .select({
      id: articles.id,
      title: articles.title,
      excerpt: articles.excerpt,
      content: articles.content,
      categoryId: articles.categoryId,
      status: articles.status,
      authorId: articles.authorId,
      writerIds: bylineAccountsColumn,
      featuredImageUrl: articles.featuredImageUrl,
      featuredImageAlt: articles.featuredImageAlt,
      scheduledAt: articles.scheduledAt,
      tags: articleTagsColumn,
      level: articles.level,
      resourceType: articles.resourceType,
      language: articles.language,
      subjectIds: articleSubjectIdsColumn,
      translationOf: translationOfColumn,
    })
    .from(articles)
    .where(eq(articles.id, id));
  if (!found) return null;
  // As the form's datetime-local field shows it: in the site's time zone.
  const scheduledAt = found.scheduledAt ? localDateTimeValue(found.scheduledAt, services().config.SITE_TIMEZONE) : "";
  return { ...found, scheduledAt };
}

/** An article as the form shows it. */
export function formValuesOf(article: NonNullable<Awaited<ReturnType<typeof findArticleForEdit>>>): ArticleFormValues {
  return {
    title: article.title,
    excerpt: article.excerpt ?? "",
    content: article.content,
    categoryId: article.categoryId,
    tags: tagFieldValue(article.tags),
    status: article.status,
    featuredImageUrl: article.featuredImageUrl ?? "",
    featuredImageAlt: article.featuredImageAlt ?? "",
    scheduledAt: article.scheduledAt,
    level: article.level ?? "",
    subjects: article.subjectIds.join(","),
    resourceType: article.resourceType ?? "",
    // A language off the picker is shown under "Other…".
    ...(pickerLanguages.some((language) => language.tag === article.language)
      ? { language: article.language, languageOther: "" }
      : { language: otherLanguageChoice, languageOther: article.language }),
    translationOf: article.translationOf ?? "",
  };
}

/** The submitted fields as strings, exactly as typed, to give back when a save is refused. */
export function articleFormValues(form: FormData): ArticleFormValues {
  const values = { ...emptyArticleValues };
  for (const field of articleFieldNames) values[field] = articleFieldValue(form, field);
  // A contributor's "Submit for review" button saves the draft as pending.
  if (form.get("intent") === "submit-for-review") values.status = "pending";
  return values;
}

const schedulePastText = "Choose a time in the future to publish.";

function refusal(values: ArticleFormValues, errors: ArticleFormFailure["errors"], message: string, status: number) {
  // "Missing fields: Title, …" is shown as a toast titled "Missing fields".
  const [title, description] = message === missingArticleFieldsText ? ["Missing fields", message.slice("Missing fields: ".length)] : ["Error", message];
  return data<ArticleFormFailure>({ errors, values, toast: { type: "error", title, description } }, { status });
}

/**
 * The create/edit form action: validate with the shared schema, save, then go back to the
 * list with the success toast. A refusal answers 400 (500 on an unexpected failure) with
 * everything typed, so the form loses nothing.
 */
export async function submitArticleForm(
  form: FormData,
  save: (db: AppDb, input: ArticleSave) => Promise<unknown>,
  texts: { success: string; failure: string },
  /** Whose autosave of which article a successful save makes obsolete. */
  autosave: { userId: string; articleKey: string },
) {
  const { db, log, config } = services();
  const values = articleFormValues(form);
  const parsed = articleFormSchema.safeParse(values);
  if (!parsed.success) {
    const { message, fields } = formErrors(parsed.error);
    return refusal(values, fields, message, 400);
  }
  const { curriculum, rest } = curriculumOf(parsed.data);
  const { scheduledAt: scheduledText, ...fields } = rest;
  const scheduledAt = fields.status === "scheduled" ? zonedDateTime(scheduledText, config.SITE_TIMEZONE) : null;
  if (fields.status === "scheduled") {
    const refused = !scheduledAt ? scheduleMissingText : scheduledAt.getTime() <= Date.now() ? schedulePastText : null;
    if (refused) return refusal(values, { scheduledAt: refused }, refused, 400);
  }
  try {
    // The autosave the save makes obsolete goes with it, in its transaction.
    await db.transaction(async (tx) => {
      await save(tx, { ...fields, scheduledAt, curriculum });
      await discardAutosave(tx, autosave.userId, autosave.articleKey);
    });
    services().wakeMailQueue?.(); // a submission or a publication may have queued review mails
  } catch (error) {
    if (error instanceof Response) throw error; // 403 from an access check: nothing was saved
    if (error instanceof ArticleFieldError) return refusal(values, { [error.field]: error.message }, error.message, 400);
    if (error instanceof AdminInputError) return refusal(values, {}, error.message, 400);
    log.error({ err: error }, "article save failed");
    return refusal(values, {}, texts.failure, 500);
  }
  return redirect("/admin/articles", { headers: { "Set-Cookie": await toastHeader({ type: "success", title: texts.success }) } });
}
