import { count, eq, sql } from "drizzle-orm";
import { articles, profiles } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";

/** The dashboard's headline figures: registered users, articles (all and published) and their views. */
export async function dashboardCounts(db: AppDb) {
  const [[users], [totals]] = await Promise.all([
    db.select({ n: count() }).from(profiles),
    db
      .select({
        total: count(),
        published: sql<number>`count(*) filter (where ${eq(articles.status, "published")})`.mapWith(Number),
        views: sql<number>`coalesce(sum(${articles.views}), 0)`.mapWith(Number),
      })
      .from(articles),
  ]);
  return { users: users!.n, totalArticles: totals!.total, publishedArticles: totals!.published, totalViews: totals!.views };
}
