import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import { articleResources, articles, resourceDownloadDays } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";

export interface ResourceDownloads {
  /** Downloads in the period, all resources together. */
  total: number;
  /** The 10 most downloaded resources of the period, with the article each belongs to. */
  top: Array<{ id: string; title: string; format: string; downloads: number; articleId: string; articleTitle: string }>;
}

/**
 * Downloads of lesson resources from `from` to `to` (days, inclusive): each counted once per reader
 * per day (app/server/resources/download-counts.server.ts), by the day's count of each resource.
 */
export async function resourceDownloads(db: AppDb, range: { from: string; to: string }): Promise<ResourceDownloads> {
  const inRange = and(gte(resourceDownloadDays.day, range.from), lte(resourceDownloadDays.day, range.to));
  const downloads = sql<number>`sum(${resourceDownloadDays.downloads})`.mapWith(Number);
  const [[totals], top] = await Promise.all([
    db
      .select({ total: sql<number>`coalesce(sum(${resourceDownloadDays.downloads}), 0)`.mapWith(Number) })
      .from(resourceDownloadDays)
      .where(inRange),
    db
      .select({
        id: articleResources.id,
        title: articleResources.title,
        format: articleResources.format,
        downloads,
        articleId: articleResources.articleId,
        articleTitle: articles.title,
      })
      .from(resourceDownloadDays)
      .innerJoin(articleResources, eq(articleResources.id, resourceDownloadDays.resourceId))
      .innerJoin(articles, eq(articles.id, articleResources.articleId))
      .where(inRange)
      .groupBy(articleResources.id, articles.id)
      .orderBy(desc(downloads), asc(articleResources.title), asc(articleResources.id))
      .limit(10),
  ]);
  return { total: totals!.total, top };
}
