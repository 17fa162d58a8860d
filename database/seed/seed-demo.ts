import crypto from "node:crypto";
import { count } from "drizzle-orm";
import { articleRevisions, articles, categories, comments, pageViews, teamMembers } from "../schema";
import type { AppDb } from "../../app/server/db-types.server";
import type { Storage } from "../../app/server/storage.server";
import { createAccount } from "../../app/server/auth.server";
import { slugify } from "../../app/lib/slug";
import { articleBody } from "../../app/server/article-body.server";
import { storeDemoImages } from "./demo-images";
import { demoPageViews } from "./demo-activity";
import { demoArticles, demoCategories, demoComments, demoTeam } from "./demo-content";

const day = 24 * 60 * 60 * 1000;

/** True when nothing has been written yet: demo content never mixes with real content. */
export async function isEmptyDatabase(db: AppDb): Promise<boolean> {
  const [[articleCount], [categoryCount]] = await Promise.all([
    db.select({ n: count() }).from(articles),
    db.select({ n: count() }).from(categories),
  ]);
  return articleCount!.n === 0 && categoryCount!.n === 0;
}

/**
 * Loads the demo magazine: categories, articles with generated cover images, team, comments, the
 * articles' revisions and a month of page views.
 */
export async function seedDemo(db: AppDb, storage: Storage, now = new Date()): Promise<{ articles: number }> {
  // The pictures are stored while the reader's password is hashed (both off the main thread).
  const [{ covers: images, portraits: teamPhotos }, readerId] = await Promise.all([
    storeDemoImages(storage),
    createAccount(db, {
      email: "reader@the-educator.local",
      password: crypto.randomBytes(12).toString("base64url"),
      role: "user",
      verified: true,
      displayName: "Mwila Banda",
    }),
  ]);

  return db.transaction(async (tx) => {
    const insertedCategories = await tx
      .insert(categories)
      .values(demoCategories.map(({ slug, name, description, icon }) => ({ slug, name, description, icon })))
      .returning({ id: categories.id, slug: categories.slug });
    const categoryId = new Map(insertedCategories.map((row) => [row.slug, row.id]));

    const insertedArticles = await tx
      .insert(articles)
      .values(
        demoArticles.map((article) => {
          const at = new Date(now.getTime() - article.daysAgo * day);
          return {
            title: article.title,
            excerpt: article.excerpt,
            content: article.content,
            ...articleBody(article.content),
            categoryId: categoryId.get(article.categorySlug)!,
            status: article.status,
            featuredImageUrl: images.get(article.key)!,
            slug: slugify(article.title),
            publishedAt: article.status === "published" ? at : null,
            createdAt: at,
            updatedAt: at,
            views: article.views,
          };
        }),
      )
      .returning({ id: articles.id, slug: articles.slug });
    const articleId = new Map(demoArticles.map((article, index) => [article.key, insertedArticles[index]!.id]));

    await tx.insert(teamMembers).values(
      demoTeam.map((member, index) => ({
        name: member.name,
        position: member.position,
        bio: member.bio,
        photoUrl: teamPhotos[index]!,
        active: member.active,
        orderIndex: member.orderIndex,
      })),
    );

    await tx.insert(comments).values(
      demoComments.map((comment, index) => ({
        content: comment.content,
        status: comment.status,
        userId: comment.byReader ? readerId : null,
        articleId: articleId.get(comment.articleKey)!,
        createdAt: new Date(now.getTime() - (index + 1) * 3 * 60 * 60 * 1000),
      })),
    );

    // Each article's first revision; the first article was reworded twice before it went out.
    await tx.insert(articleRevisions).values(
      demoArticles.flatMap((article, index) => {
        const at = new Date(now.getTime() - article.daysAgo * day);
        const state = { title: article.title, excerpt: article.excerpt, content: article.content, categoryId: categoryId.get(article.categorySlug)!, status: article.status, featuredImageUrl: images.get(article.key)! };
        const saved = { articleId: articleId.get(article.key)!, editorId: null, ...state };
        if (index > 0) return [{ ...saved, createdAt: at }];
        return [
          { ...saved, title: `${article.title} (draft)`, excerpt: null, status: "draft" as const, createdAt: new Date(at.getTime() - 2 * day) },
          { ...saved, status: "draft" as const, createdAt: new Date(at.getTime() - day) },
          { ...saved, createdAt: at },
        ];
      }),
    );

    const published = demoArticles.filter((article) => article.status === "published").map((article) => `/articles/${articleId.get(article.key)}`);
    const others = ["/", "/articles", "/about", ...demoCategories.map((category) => `/category/${category.slug}`)];
    const views = demoPageViews(now, { articles: published, others });
    for (let start = 0; start < views.length; start += 500) await tx.insert(pageViews).values(views.slice(start, start + 500));
    return { articles: insertedArticles.length };
  });
}
