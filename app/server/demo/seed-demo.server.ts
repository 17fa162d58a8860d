import crypto from "node:crypto";
import { count } from "drizzle-orm";
import { eq } from "drizzle-orm";
import {
  articleAuthors,
  articleRevisions,
  articleSubjects,
  articles,
  categories,
  comments,
  communityAnswers,
  communityQuestions,
  communityVotes,
  communityQuestionVotes,
  guestAuthors,
  pageViews,
  profiles,
  subjects,
  teamMembers,
} from "#database/schema";
import { demoQuestions, type DemoQuestion } from "#database/seed/demo-community";
import { questionSlug } from "#app/lib/community";
import { renderMarkdown } from "#app/server/articles/markdown.server";
import type { AppDb } from "#app/server/db/types.server";
import type { Storage } from "#app/server/core/storage.server";
import { createAccount } from "#app/server/auth/auth.server";
import { slugify } from "#app/lib/slug";
import { articleBody } from "#app/server/articles/article-body.server";
import { setArticleTags } from "#app/server/articles/tags.server";
import { parseTagNames } from "#app/lib/tags";
import { zonedDateTime } from "#app/lib/zoned-time";
import { storeDemoImages } from "./demo-images.server";
import { demoPageViews } from "./demo-activity.server";
import { storeDemoResources } from "./demo-resources.server";
import {
  demoArticleAuthors,
  demoExtraBylines,
  demoGuestAuthors,
  demoArticles,
  demoArticleTags,
  demoAuthors,
  demoCategories,
  demoComments,
  demoCurriculum,
  demoTeam,
  demoTranslations,
  type DemoArticle,
} from "#database/seed/demo-content";

const day = 24 * 60 * 60 * 1000;

/** The demo reader who wrote the demo comments signed in. */
const demoReaderName = "Mwila Banda";

/** True when nothing has been written yet: demo content never mixes with real content. */
export async function isEmptyDatabase(db: AppDb): Promise<boolean> {
  const [[articleCount], [categoryCount]] = await Promise.all([db.select({ n: count() }).from(articles), db.select({ n: count() }).from(categories)]);
  return articleCount!.n === 0 && categoryCount!.n === 0;
}

/** A demo account nobody can sign in to: its password is random and never shown. */
const demoAccount = (db: AppDb, email: string, displayName: string) =>
  createAccount(db, { email, password: crypto.randomBytes(12).toString("base64url"), role: "user", verified: true, displayName });

/** When a demo article goes live: a scheduled one at 07:00 (site time) `-daysAgo` days ahead. */
function demoDates(article: DemoArticle, now: Date, timeZone: string) {
  const at = new Date(now.getTime() - article.daysAgo * day);
  if (article.status !== "scheduled") return { at, scheduledAt: null };
  const scheduledAt = zonedDateTime(`${at.toISOString().slice(0, 10)}T07:00`, timeZone)!;
  return { at: now, scheduledAt };
}

/**
 * Loads the demo magazine: categories, articles with generated cover images, tags and bylines,
 * a scheduled article, team, comments, the articles' revisions, Ask Kafundisha questions with
 * answers, downloadable resources and a month of page views.
 */
export async function seedDemo(db: AppDb, storage: Storage, now = new Date(), timeZone = "Africa/Lusaka"): Promise<{ articles: number }> {
  // The pictures are stored while the accounts' passwords are hashed (both off the main thread).
  // The authors are plain accounts: bylines and author pages without a staff sign-in.
  const [{ covers: images, portraits: teamPhotos }, readerId, ...authorIds] = await Promise.all([
    storeDemoImages(storage),
    demoAccount(db, "reader@the-educator.local", demoReaderName),
    ...demoAuthors.map((author) => demoAccount(db, `${author.key}@the-educator.local`, author.name)),
  ]);
  const authorId = new Map(demoAuthors.map((author, index) => [author.key, authorIds[index]!]));
  const altText = (article: DemoArticle) => `Illustrated cover: ${article.image.label}`;

  const seeded = await db.transaction(async (tx) => {
    for (const author of demoAuthors) {
      await tx
        .update(profiles)
        .set({ authorSlug: author.slug, bio: author.bio, avatarUrl: teamPhotos[author.teamIndex]! })
        .where(eq(profiles.id, authorId.get(author.key)!));
    }

    const insertedCategories = await tx
      .insert(categories)
      .values(demoCategories.map(({ slug, name, description, icon, position }) => ({ slug, name, description, icon, position })))
      .returning({ id: categories.id, slug: categories.slug });
    const categoryId = new Map(insertedCategories.map((row) => [row.slug, row.id]));

    const insertedArticles = await tx
      .insert(articles)
      .values(
        demoArticles.map((article) => {
          const { at, scheduledAt } = demoDates(article, now, timeZone);
          const author = demoArticleAuthors[article.key];
          return {
            title: article.title,
            excerpt: article.excerpt,
            content: article.content,
            ...articleBody(article.content),
            categoryId: categoryId.get(article.categorySlug)!,
            status: article.status,
            featuredImageUrl: images.get(article.key)!,
            featuredImageAlt: altText(article),
            authorId: author ? authorId.get(author)! : null,
            scheduledAt,
            slug: slugify(article.title),
            language: article.language ?? "en",
            publishedAt: article.status === "published" ? at : null,
            createdAt: at,
            updatedAt: at,
            views: article.views,
          };
        }),
      )
      .returning({ id: articles.id, slug: articles.slug });
    const articleId = new Map(demoArticles.map((article, index) => [article.key, insertedArticles[index]!.id]));
    const insertedGuests = await tx
      .insert(guestAuthors)
      .values(demoGuestAuthors.map(({ name, bio }) => ({ name, bio, slug: slugify(name) })))
      .returning({ id: guestAuthors.id });
    const guestId = new Map(demoGuestAuthors.map((guest, index) => [`guest:${guest.key}`, insertedGuests[index]!.id]));
    const bylines = demoArticles.flatMap((article) => {
      const writers = [demoArticleAuthors[article.key], ...(demoExtraBylines[article.key] ?? [])].filter((key) => key !== undefined);
      return writers.map((key, position) => ({
        articleId: articleId.get(article.key)!,
        position,
        userId: authorId.get(key) ?? null,
        guestId: guestId.get(key) ?? null,
      }));
    });
    if (bylines.length > 0) await tx.insert(articleAuthors).values(bylines);
    for (const article of demoArticles) {
      const parsed = parseTagNames((demoArticleTags[article.key] ?? []).join(","));
      if (parsed.ok) await setArticleTags(tx, articleId.get(article.key)!, parsed.tags);
    }

    // Levels, subjects and resource types; two articles with a Nyanja and a Bemba version (demo text), linked as translations.
    const subjectId = new Map((await tx.select({ id: subjects.id, slug: subjects.slug }).from(subjects)).map((row) => [row.slug, row.id]));
    const translationGroup = new Map(demoTranslations.map((translation) => [translation.of, crypto.randomUUID()]));
    const curriculumOf = (key: string) => demoCurriculum[key] ?? {};
    for (const article of demoArticles) {
      const { level = null, resourceType = null } = curriculumOf(article.key);
      const group = translationGroup.get(article.key) ?? null;
      if (level || resourceType || group)
        await tx
          .update(articles)
          .set({ level, resourceType, translationGroup: group })
          .where(eq(articles.id, articleId.get(article.key)!));
    }
    const translationRows = demoTranslations.map((translation, index) => {
      const original = demoArticles.find((article) => article.key === translation.of)!;
      // Minutes before the original: no two demo articles share a time, and the newest stays an original.
      const at = new Date(demoDates(original, now, timeZone).at.getTime() - (index + 1) * 60_000);
      return {
        title: translation.title,
        excerpt: translation.excerpt,
        content: translation.content,
        ...articleBody(translation.content),
        categoryId: categoryId.get(original.categorySlug)!,
        status: original.status,
        // No cover of its own: the media library keeps one article per demo image.
        featuredImageUrl: null,
        featuredImageAlt: null,
        authorId: demoArticleAuthors[original.key] ? authorId.get(demoArticleAuthors[original.key]!)! : null,
        scheduledAt: null,
        slug: slugify(translation.title),
        publishedAt: original.status === "published" ? at : null,
        createdAt: at,
        updatedAt: at,
        views: Math.round(original.views / 10),
        language: translation.language,
        translationGroup: translationGroup.get(original.key)!,
        level: curriculumOf(original.key).level ?? null,
        resourceType: curriculumOf(original.key).resourceType ?? null,
      };
    });
    const insertedTranslations = await tx.insert(articles).values(translationRows).returning({ id: articles.id });
    const translationIds = insertedTranslations.map((row) => row.id);
    await tx.insert(articleRevisions).values(
      translationRows.map((row, index) => ({
        articleId: translationIds[index]!,
        editorId: row.authorId,
        title: row.title,
        excerpt: row.excerpt,
        content: row.content,
        categoryId: row.categoryId,
        status: row.status,
        featuredImageUrl: row.featuredImageUrl,
        featuredImageAlt: row.featuredImageAlt,
        scheduledAt: null,
        createdAt: row.createdAt,
      })),
    );
    const translationBylines = translationRows.flatMap((row, index) =>
      row.authorId ? [{ articleId: translationIds[index]!, position: 0, userId: row.authorId }] : [],
    );
    if (translationBylines.length > 0) await tx.insert(articleAuthors).values(translationBylines);
    const filed = [
      ...demoArticles.map((article) => ({ articleId: articleId.get(article.key)!, slugs: curriculumOf(article.key).subjects ?? [] })),
      ...demoTranslations.map((translation, index) => ({ articleId: translationIds[index]!, slugs: curriculumOf(translation.of).subjects ?? [] })),
    ].flatMap(({ articleId: id, slugs }) => slugs.flatMap((slug) => (subjectId.has(slug) ? [{ articleId: id, subjectId: subjectId.get(slug)! }] : [])));
    if (filed.length > 0) await tx.insert(articleSubjects).values(filed);

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
        authorName: comment.byReader ? demoReaderName : null,
        articleId: articleId.get(comment.articleKey)!,
        createdAt: new Date(now.getTime() - (index + 1) * 3 * 60 * 60 * 1000),
      })),
    );

    // Each article's first revision; the first article was reworded twice before it went out.
    await tx.insert(articleRevisions).values(
      demoArticles.flatMap((article, index) => {
        const { at, scheduledAt } = demoDates(article, now, timeZone);
        const author = demoArticleAuthors[article.key];
        const state = {
          title: article.title,
          excerpt: article.excerpt,
          content: article.content,
          categoryId: categoryId.get(article.categorySlug)!,
          status: article.status,
          featuredImageUrl: images.get(article.key)!,
          featuredImageAlt: altText(article),
          scheduledAt,
        };
        const saved = { articleId: articleId.get(article.key)!, editorId: author ? authorId.get(author)! : null, ...state };
        if (index > 0) return [{ ...saved, createdAt: at }];
        return [
          { ...saved, title: `${article.title} (draft)`, excerpt: null, status: "draft" as const, createdAt: new Date(at.getTime() - 2 * day) },
          { ...saved, status: "draft" as const, createdAt: new Date(at.getTime() - day) },
          { ...saved, createdAt: at },
        ];
      }),
    );

    // Ask Kafundisha: published questions (already read in the Inbox) with their answers, a few hours apart.
    const posterId = (key: string | null) => (key === null ? null : key === "reader" ? readerId : authorId.get(key)!);
    const posterName = (key: string) => (key === "reader" ? demoReaderName : demoAuthors.find((author) => author.key === key)!.name);
    const askedAt = (question: DemoQuestion) => new Date(now.getTime() - question.daysAgo * day);
    const answeredAt = (question: DemoQuestion, order: number) => new Date(askedAt(question).getTime() + (order + 1) * 3 * 60 * 60 * 1000);
    const insertedQuestions = await tx
      .insert(communityQuestions)
      .values(
        demoQuestions.map((question) => ({
          title: question.title,
          categories: question.categories,
          description: question.description,
          userId: posterId(question.by),
          status: "published" as const,
          slug: questionSlug(question.title),
          publishedAt: askedAt(question),
          readAt: askedAt(question),
          answerCount: question.answers.length,
          // Its asker heard of its answers: the next mail tells of new ones only.
          answersMailedAt: question.answers.length > 0 ? answeredAt(question, question.answers.length - 1) : null,
          createdAt: askedAt(question),
        })),
      )
      .returning({ id: communityQuestions.id });
    const answers = demoQuestions.flatMap((question, index) =>
      question.answers.map((answer, order) => ({
        questionId: insertedQuestions[index]!.id,
        userId: posterId(answer.by),
        authorName: posterName(answer.by),
        body: answer.body,
        bodyHtml: renderMarkdown(answer.body),
        status: "published" as const,
        createdAt: answeredAt(question, order),
        publishedAt: answeredAt(question, order),
      })),
    );
    const insertedAnswers = await tx.insert(communityAnswers).values(answers).returning({ id: communityAnswers.id });
    // Votes from the other demo accounts, and the asker's accepted answer where someone else answered.
    const voters = [readerId, ...authorIds];
    const votes = answers.flatMap((answer, index) =>
      voters
        .filter((voter) => voter !== answer.userId)
        .slice(0, (index * 7) % 4)
        .map((userId) => ({ answerId: insertedAnswers[index]!.id, userId })),
    );
    // Counted on their posts by triggers (migration 0048).
    if (votes.length > 0) await tx.insert(communityVotes).values(votes);
    const questionVotes = demoQuestions.flatMap((question, index) =>
      voters
        .filter((voter) => voter !== posterId(question.by))
        .slice(0, (index * 5) % 3)
        .map((userId) => ({ questionId: insertedQuestions[index]!.id, userId })),
    );
    if (questionVotes.length > 0) await tx.insert(communityQuestionVotes).values(questionVotes);
    for (const [index, question] of demoQuestions.entries()) {
      const accepted = answers.findIndex((answer) => answer.questionId === insertedQuestions[index]!.id && answer.userId !== posterId(question.by));
      if (question.by !== null && accepted >= 0) {
        await tx
          .update(communityQuestions)
          .set({ acceptedAnswerId: insertedAnswers[accepted]!.id })
          .where(eq(communityQuestions.id, insertedQuestions[index]!.id));
      }
    }

    const published = demoArticles.filter((article) => article.status === "published").map((article) => `/articles/${articleId.get(article.key)}`);
    const others = ["/", "/articles", "/about", ...demoCategories.map((category) => `/category/${category.slug}`)];
    const views = demoPageViews(now, { articles: published, others });
    for (let start = 0; start < views.length; start += 500) await tx.insert(pageViews).values(views.slice(start, start + 500));
    return { articles: insertedArticles.length, articleId };
  });
  // Uploaded as an editor would, after the articles exist: each through its own checks and transaction.
  const anyAuthor = authorIds[0]!;
  await storeDemoResources(db, storage, seeded.articleId, (key) => authorId.get(demoArticleAuthors[key] ?? "") ?? anyAuthor);
  return { articles: seeded.articles };
}
