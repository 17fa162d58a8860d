import { asc, desc, eq, gt, sql } from "drizzle-orm";
import { articleResources, articles } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";

export interface ResourceDownloads {
  /** Every download counted, all resources together. */
  total: number;
  /** The 10 most downloaded resources, with the article each belongs to. */
  top: Array<{ id: string; title: string; format: string; downloads: number; articleId: string; articleTitle: string }>;
}

/**
 * Downloads of lesson resources. They are counted as a total per resource (once per reader per
 * day, app/server/resources/download-counts.server.ts), with no record of the day: all time only.
 * Two reads of article_resources, one row per uploaded file.
 */
export async function resourceDownloads(db: AppDb): Promise<ResourceDownloads> {
  const [[totals], top] = await Promise.all([
    db.select({ total: sql<number>`coalesce(sum(${articleResources.downloads}), 0)`.mapWith(Number) }).from(articleResources),
    db
      .select({
        id: articleResources.id,
        title: articleResources.title,
        format: articleResources.format,
        downloads: articleResources.downloads,
        articleId: articleResources.articleId,
        articleTitle: articles.title,
      })
      .from(articleResources)
      .innerJoin(articles, eq(articles.id, articleResources.articleId))
      .where(gt(articleResources.downloads, 0))
      .orderBy(desc(articleResources.downloads), asc(articleResources.title), asc(articleResources.id))
      .limit(10),
  ]);
  return { total: totals!.total, top };
}
