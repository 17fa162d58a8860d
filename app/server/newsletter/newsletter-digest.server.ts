import { and, desc, eq, gte, lt } from "drizzle-orm";
import { articles, categories } from "#database/schema";
import { longDate } from "#app/lib/long-date";
import { publishedOnly } from "#app/server/articles/published.server";
import type { AppDb } from "#app/server/db/types.server";
import { escapeXml } from "#app/server/seo/xml.server";

/** Where each mail's own unsubscribe address goes in a frozen digest (never HTML-escaped: no special characters). */
export const unsubscribePlaceholder = "%%UNSUBSCRIBE_URL%%";

// A week of a busy magazine; more would make a mail nobody reads to the end.
const maxArticles = 30;

export interface DigestArticle {
  id: string;
  title: string;
  excerpt: string | null;
  category: string;
  publishedAt: Date;
}

export interface Digest {
  subject: string;
  text: string;
  html: string;
  articles: DigestArticle[];
}

/** The articles published in [start, end), newest first: the one public rule ("published only") applies. */
export function digestArticles(db: AppDb, period: { start: Date; end: Date }): Promise<DigestArticle[]> {
  return db
    .select({ id: articles.id, title: articles.title, excerpt: articles.excerpt, category: categories.name, publishedAt: articles.publishedAt })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(publishedOnly, gte(articles.publishedAt, period.start), lt(articles.publishedAt, period.end)))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(maxArticles) as Promise<DigestArticle[]>;
}

export function digestSubject(items: DigestArticle[]): string {
  const more = items.length > 1 ? ` and ${items.length - 1} more` : "";
  return `The Educator — this week: ${items[0]!.title}${more}`;
}

/**
 * The digest mail: plain text and HTML, each with `unsubscribePlaceholder` where the reader's own
 * unsubscribe address goes. The HTML uses inline styles and tables only, as mail programs expect.
 */
export function composeDigest(items: DigestArticle[], publicUrl: string): Digest {
  const link = (item: DigestArticle) => `${publicUrl}/articles/${item.id}`;
  const intro = `This week at The Educator: ${items.length === 1 ? "one new article" : `${items.length} new articles`}.`;
  const text = [
    intro,
    "",
    ...items.flatMap((item) => [`${item.title}`, `${item.category} · ${longDate(item.publishedAt)}`, ...(item.excerpt ? [item.excerpt] : []), link(item), ""]),
    `Read more at ${publicUrl}/`,
    "",
    "You get this digest because you subscribed at The Educator.",
    `Unsubscribe: ${unsubscribePlaceholder}`,
  ].join("\n");
  const e = escapeXml;
  const rows = items
    .map(
      (item) => `<tr><td style="padding:16px 0;border-top:1px solid #e2e8f0">
<p style="margin:0;font-size:12px;font-weight:bold;text-transform:uppercase;color:#9a3412">${e(item.category)} · ${e(longDate(item.publishedAt))}</p>
<h2 style="margin:4px 0 0;font-size:20px;line-height:1.3"><a href="${e(link(item))}" style="color:#172554">${e(item.title)}</a></h2>
${item.excerpt ? `<p style="margin:8px 0 0;color:#334155">${e(item.excerpt)}</p>` : ""}
</td></tr>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(digestSubject(items))}</title></head>
<body style="margin:0;padding:0;background:#f8fafc;font-family:Georgia,serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;padding:24px">
<tr><td><h1 style="margin:0;font-size:28px;color:#172554">The Educator</h1><p style="margin:8px 0 16px;color:#334155">${e(intro)}</p></td></tr>
${rows}
<tr><td style="padding:16px 0;border-top:1px solid #e2e8f0"><a href="${e(publicUrl)}/" style="color:#172554">Read more at The Educator</a></td></tr>
<tr><td style="padding-top:24px;font-size:12px;color:#475569">You get this digest because you subscribed at The Educator. <a href="${unsubscribePlaceholder}" style="color:#475569">Unsubscribe</a></td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject: digestSubject(items), text, html, articles: items };
}

/** A frozen body with the reader's own unsubscribe address in place. */
export function personalize(body: string, unsubscribeUrl: string): string {
  return body.replaceAll(unsubscribePlaceholder, unsubscribeUrl);
}
