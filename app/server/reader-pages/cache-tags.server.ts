import { and, eq, exists, isNotNull, or, sql } from "drizzle-orm";
import { articleAuthors, articles, comments, communityAnswers, communityQuestions, profiles } from "#database/schema";
import { cacheTag } from "#app/lib/reader-page";
import type { TableChange } from "#app/lib/live-tables";
import type { AppDb } from "#app/server/db/types.server";
import type { Realtime } from "#app/server/core/realtime.server";
import { questionCategories } from "#app/lib/inbox-schema";
import type { PageCache } from "./page-cache.server";
import { afterSiteSettingsReload } from "#app/server/core/site-settings.server";

/**
 * Every database change drops the kept pages that show what changed, on every instance: the same
 * change events (LISTEN/NOTIFY) that drive live refresh.
 */
export function dropPagesOnChange(cache: PageCache, { realtime, db }: { realtime: Realtime; db: AppDb }) {
  realtime.subscribe((change) => {
    const dropLater = (tags: string[] | null) => (tags ? cache.invalidate(tags) : cache.clear());
    cache.invalidate(tagsChangedBy(change, db, dropLater));
  });
  // The name, the header and the footer are on every page: all go once this instance has the new settings.
  afterSiteSettingsReload(() => cache.clear());
}

/**
 * The cache tags a database change drops (app/lib/reader-page.ts names them; each reader page
 * declares the ones it shows). `later` receives tags that need a look at the row first (null when
 * that look failed: drop everything); the immediate ones are returned, to drop at once.
 */
export function tagsChangedBy(change: TableChange, db: AppDb, later: (tags: string[] | null) => void): string[] {
  const { table, op, id } = change;
  if (op === "views") return []; // counts move every second; cached pages age out instead
  switch (table) {
    case "articles":
      if (id && op !== "delete") {
        // Pages of its (new) category list it as related, pages of its (new) translation group offer it;
        // pages that showed it carry its own tag.
        void db
          .select({ categoryId: articles.categoryId, translationGroup: articles.translationGroup })
          .from(articles)
          .where(eq(articles.id, id))
          .then(([row]) => row && later([cacheTag.relatedIn(row.categoryId), ...(row.translationGroup ? [cacheTag.translations(row.translationGroup)] : [])]))
          .catch(() => later(null));
      }
      return id ? [cacheTag.articleLists, cacheTag.article(id)] : [cacheTag.articleLists];
    case "comments":
      if (id && op !== "delete") {
        void db
          .select({ articleId: comments.articleId, status: comments.status })
          .from(comments)
          .where(eq(comments.id, id))
          .then(([row]) => row?.status === "approved" && later([cacheTag.commentsOn(row.articleId)]))
          .catch(() => later(null));
      }
      return id ? [cacheTag.comment(id)] : [];
    case "categories":
      return [cacheTag.categories];
    case "site_settings":
      return []; // every page goes once the settings are read anew (afterSiteSettingsReload, above)
    case "team_members":
      return [cacheTag.team];
    case "profiles":
      if (id && op !== "delete") {
        // Bylines change only when the account writes articles or has an author profile.
        void db
          .select({ id: profiles.id })
          .from(profiles)
          .where(
            and(
              eq(profiles.id, id),
              or(
                isNotNull(profiles.authorSlug),
                exists(
                  db
                    .select({ one: sql`1` })
                    .from(articleAuthors)
                    .where(eq(articleAuthors.userId, id)),
                ),
              ),
            ),
          )
          .then(([author]) => author && later([cacheTag.authors]))
          .catch(() => later(null));
      }
      // A deleted account leaves the bylines it was on.
      return op === "delete" ? [cacheTag.commenters, cacheTag.authors] : [cacheTag.commenters];
    case "guest_authors":
      return [cacheTag.authors];
    case "community_questions": {
      const tags = id ? [cacheTag.questionLists, cacheTag.question(id)] : [cacheTag.questionLists];
      // An article's "Teachers ask" weighs the newest questions of some categories: a question's
      // change, in whatever state, drops the articles weighing its categories. A deleted one's are
      // gone with it: every category then (moderators delete rarely).
      if (op === "delete") return [...tags, ...questionCategories.map(({ value }) => cacheTag.questionsIn(value))];
      if (id) {
        void db
          .select({ categories: communityQuestions.categories })
          .from(communityQuestions)
          .where(eq(communityQuestions.id, id))
          .then(([row]) => row && later(row.categories.map(cacheTag.questionsIn)))
          .catch(() => later(null));
      }
      return tags;
    }
    case "community_answers":
      if (id && op !== "delete") {
        void db
          .select({ questionId: communityAnswers.questionId })
          .from(communityAnswers)
          .where(eq(communityAnswers.id, id))
          .then(([row]) => row && later([cacheTag.question(row.questionId)]))
          .catch(() => later(null));
      }
      // A published answer is deleted with its question's count (app/server/community/): that change drops its page.
      return [cacheTag.questionLists];
    case "subjects":
      return [cacheTag.subjects];
    case "article_resources":
      // Files attached, replaced or removed: the counts and sizes /resources shows, and whether an
      // article is a lesson resource at all. The article's own page follows its own change events.
      return [cacheTag.articleFiles];
    case "page_views":
    case "contact_messages":
    case "community_reports":
    case "community_held_edits":
      return [];
  }
}
