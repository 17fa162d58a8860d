import { and, asc, count, countDistinct, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import {
  communityAnswers,
  communityEdits,
  communityHeldEdits,
  communityPosters,
  communityQuestions,
  communityReports,
  communityStats,
  communityVotes,
  communityQuestionVotes,
  profiles,
} from "#database/schema";
import { can, type Role } from "#app/lib/access";
import {
  answerMaxLength,
  answerTexts,
  communityTexts,
  mayAccept,
  mayEditPost,
  questionPath,
  questionSlug,
  seesEditHistory,
  trustedAfterPosts,
  type EditablePost,
  type QuestionListShow,
  reportReasons,
} from "#app/lib/community";
import type { QuestionViewerState } from "#app/lib/question-viewer";
import { renderMarkdown } from "#app/server/articles/markdown.server";
import type { AppDb } from "#app/server/db/types.server";
import { firstPage, keysetPage, type KeysetOrder, type PageRequest } from "#app/server/db/keyset.server";
import { fullTextQuery, relevanceSearch, snippetHtml, snippetSource } from "#app/server/db/full-text.server";
import { AdminInputError } from "#app/server/core/admin-input-error.server";
import { stampDateTime } from "#app/server/core/stamps.server";
import { wakeMailQueue } from "#app/server/auth/account-mail.server";
import { rejectionTexts, type Rejection } from "#app/lib/rejection-reasons";
import { tellAnswererAccepted, tellAskerAnswered, tellAskerPublished, tellWriterRejected } from "./community-mail.server";
import { isPublishedQuestion, publishedAnswersOnly as publishedAnswers, publishedQuestionsOnly as published } from "./published.server";

interface Poster {
  id: string;
  role: Role;
  displayName: string | null;
}

/**
 * Whether a signed-in teacher's question or answer (or edit of one) goes public at once: a role that
 * may post without moderation does, and so does anyone with `trustedAfterPosts` published posts;
 * the rest wait for a moderator.
 */
export async function publishesAtOnce(db: AppDb, poster: Pick<Poster, "id" | "role">): Promise<boolean> {
  if (can(poster.role, "postWithoutModeration")) return true;
  const [[questions], [answers]] = await Promise.all([
    db
      .select({ n: count() })
      .from(communityQuestions)
      .where(and(eq(communityQuestions.userId, poster.id), published)),
    db
      .select({ n: count() })
      .from(communityAnswers)
      .where(and(eq(communityAnswers.userId, poster.id), publishedAnswers)),
  ]);
  return questions!.n + answers!.n >= trustedAfterPosts;
}

const askerName = sql<string | null>`${profiles.displayName}`;

/** What a list shows of a published question. */
const questionCard = {
  id: communityQuestions.id,
  slug: communityQuestions.slug,
  title: communityQuestions.title,
  categories: communityQuestions.categories,
  askedBy: askerName,
  publishedAt: communityQuestions.publishedAt,
  answers: communityQuestions.answerCount,
  votes: communityQuestions.votes,
};

/** The community's figures, kept by triggers (migration 0035): the page never counts every post. */
export async function communityFigures(db: AppDb) {
  const [[counts], [teachers]] = await Promise.all([
    db.select().from(communityStats),
    db.select({ total: count() }).from(communityPosters).where(gt(communityPosters.posts, 0)),
  ]);
  const questions = counts?.questions ?? 0;
  return {
    questions,
    answers: counts?.answers ?? 0,
    teachers: teachers!.total,
    answeredShare: questions > 0 ? (counts?.answered ?? 0) / questions : null,
  };
}

/**
 * A published question's page: the question, who asked and when, and its published answers, best
 * first (the accepted one, then by votes, then the oldest).
 */
export async function findQuestionPage(db: AppDb, id: string) {
  const [question] = await db
    .select({
      ...questionCard,
      description: communityQuestions.description,
      askerId: communityQuestions.userId,
      acceptedAnswerId: communityQuestions.acceptedAnswerId,
      createdAt: communityQuestions.createdAt,
    })
    .from(communityQuestions)
    .leftJoin(profiles, eq(profiles.id, communityQuestions.userId))
    .where(and(eq(communityQuestions.id, id), published));
  if (!question) return null;
  const answers = await db
    .select({
      id: communityAnswers.id,
      userId: communityAnswers.userId,
      authorName: communityAnswers.authorName,
      byStaff: communityAnswers.byStaff,
      body: communityAnswers.body,
      bodyHtml: communityAnswers.bodyHtml,
      votes: communityAnswers.votes,
      createdAt: communityAnswers.createdAt,
      publishedAt: communityAnswers.publishedAt,
    })
    .from(communityAnswers)
    .where(and(eq(communityAnswers.questionId, id), publishedAnswers))
    .orderBy(
      desc(sql`(${communityAnswers.id} = ${question.acceptedAnswerId ?? null}::uuid) is true`),
      desc(communityAnswers.votes),
      asc(communityAnswers.createdAt),
      asc(communityAnswers.id),
    );
  return { question, answers: answers.map((answer) => ({ ...answer, accepted: answer.id === question.acceptedAnswerId })) };
}

/** What `userId` voted for on a question's page: the question itself, and which of its answers. */
export async function votesOf(db: AppDb, questionId: string, userId: string): Promise<{ question: boolean; answers: string[] }> {
  const [answers, [question]] = await Promise.all([
    db
      .select({ answerId: communityVotes.answerId })
      .from(communityVotes)
      .innerJoin(communityAnswers, eq(communityAnswers.id, communityVotes.answerId))
      .where(and(eq(communityVotes.userId, userId), eq(communityAnswers.questionId, questionId))),
    db
      .select({ n: count() })
      .from(communityQuestionVotes)
      .where(and(eq(communityQuestionVotes.questionId, questionId), eq(communityQuestionVotes.userId, userId))),
  ]);
  return { question: question!.n > 0, answers: answers.map((vote) => vote.answerId) };
}

/** A published answer of a published question, locked until the caller's transaction ends; refused otherwise. */
async function lockAnswerOf(db: AppDb, questionId: string, answerId: string) {
  const [answer] = await db
    .select({ userId: communityAnswers.userId })
    .from(communityAnswers)
    .innerJoin(communityQuestions, eq(communityQuestions.id, communityAnswers.questionId))
    .where(and(eq(communityAnswers.id, answerId), eq(communityAnswers.questionId, questionId), publishedAnswers, published))
    .for("update", { of: communityAnswers });
  if (!answer) throw new AdminInputError(communityTexts.answerGone);
  return answer;
}

/**
 * One up-vote per account per answer (`up`), or takes it back; never for one's own answer. Two
 * votes at once count once: the primary key keeps the second out, and a trigger counts the rows
 * (migration 0048), so a vote also goes from the count with its voter's account.
 */
export async function voteForAnswer(db: AppDb, questionId: string, answerId: string, voter: Pick<Poster, "id">, up: boolean) {
  await db.transaction(async (tx) => {
    const answer = await lockAnswerOf(tx, questionId, answerId);
    if (answer.userId === voter.id) throw new AdminInputError(communityTexts.ownAnswer);
    if (up) await tx.insert(communityVotes).values({ answerId, userId: voter.id }).onConflictDoNothing();
    else await tx.delete(communityVotes).where(and(eq(communityVotes.answerId, answerId), eq(communityVotes.userId, voter.id)));
  });
}

/** A teacher who wants a question answered too votes for it (`up`), or takes it back; never the asker. Counted as answers' votes are. */
export async function voteForQuestion(db: AppDb, questionId: string, voter: Pick<Poster, "id">, up: boolean) {
  await db.transaction(async (tx) => {
    const [question] = await tx
      .select({ askerId: communityQuestions.userId })
      .from(communityQuestions)
      .where(and(eq(communityQuestions.id, questionId), published))
      .for("update");
    if (!question) throw new AdminInputError(communityTexts.questionGone);
    if (question.askerId === voter.id) throw new AdminInputError(communityTexts.ownQuestion);
    if (up) await tx.insert(communityQuestionVotes).values({ questionId, userId: voter.id }).onConflictDoNothing();
    else await tx.delete(communityQuestionVotes).where(and(eq(communityQuestionVotes.questionId, questionId), eq(communityQuestionVotes.userId, voter.id)));
  });
}

/** The asker, or staff, accepts an answer (`answerId`), or takes the acceptance back (null). */
export async function acceptAnswer(db: AppDb, questionId: string, answerId: string | null, actor: Pick<Poster, "id" | "role">) {
  await db.transaction(async (tx) => {
    const [question] = await tx
      .select({ askerId: communityQuestions.userId })
      .from(communityQuestions)
      .where(and(eq(communityQuestions.id, questionId), published))
      .for("update");
    if (!question) throw new AdminInputError(communityTexts.questionGone);
    if (!mayAccept(actor, question.askerId)) throw new AdminInputError(communityTexts.notYoursToAccept);
    if (answerId) await lockAnswerOf(tx, questionId, answerId);
    await tx.update(communityQuestions).set({ acceptedAnswerId: answerId }).where(eq(communityQuestions.id, questionId));
    if (answerId) await tellAnswererAccepted(tx, answerId, actor.id);
  });
  wakeMailQueue();
}

/** Checks an answer's text: trimmed, required, at most `answerMaxLength` characters. */
export function checkAnswer(value: unknown): { ok: true; body: string } | { ok: false; error: string } {
  const body = typeof value === "string" ? value.trim() : "";
  if (!body) return { ok: false, error: answerTexts.missing };
  if (body.length > answerMaxLength) return { ok: false, error: answerTexts.tooLong };
  return { ok: true, body };
}

/**
 * Adds a signed-in teacher's answer to a published question: public at once for a trusted
 * poster (the question's answer count moves with it), waiting for a moderator otherwise. Null when
 * the question is not (or no longer) published.
 */
export async function answerQuestion(db: AppDb, questionId: string, poster: Poster, body: string, publish?: boolean) {
  publish ??= await publishesAtOnce(db, poster);
  const answer = await db.transaction(async (tx) => {
    const [question] = await tx
      .select({ id: communityQuestions.id })
      .from(communityQuestions)
      .where(and(eq(communityQuestions.id, questionId), published))
      .for("update");
    if (!question) return null;
    const [answer] = await tx
      .insert(communityAnswers)
      .values({
        questionId,
        userId: poster.id,
        authorName: poster.displayName,
        byStaff: can(poster.role, "answerForMagazine"),
        body,
        bodyHtml: renderMarkdown(body),
        status: publish ? "published" : "pending",
        publishedAt: publish ? new Date() : null,
      })
      .returning({ id: communityAnswers.id, status: communityAnswers.status });
    if (publish) {
      await tx
        .update(communityQuestions)
        .set({ answerCount: sql`${communityQuestions.answerCount} + 1` })
        .where(eq(communityQuestions.id, questionId));
      await tellAskerAnswered(tx, questionId, poster.id);
    }
    return answer!;
  });
  if (answer?.status === "published") wakeMailQueue();
  return answer;
}

export type Moderation = "approve" | "reject" | "delete";

/** Staff's Ask Kafundisha queue: questions and answers waiting for a moderator, oldest first. */
export async function listPendingPosts(db: AppDb, limit = 50) {
  const [questions, answers] = await Promise.all([
    db
      .select({
        id: communityQuestions.id,
        title: communityQuestions.title,
        categories: communityQuestions.categories,
        description: communityQuestions.description,
        askedBy: askerName,
        createdAt: communityQuestions.createdAt,
      })
      .from(communityQuestions)
      .leftJoin(profiles, eq(profiles.id, communityQuestions.userId))
      .where(eq(communityQuestions.status, "pending"))
      .orderBy(asc(communityQuestions.createdAt), asc(communityQuestions.id))
      .limit(limit),
    db
      .select({
        id: communityAnswers.id,
        body: communityAnswers.body,
        bodyHtml: communityAnswers.bodyHtml,
        authorName: communityAnswers.authorName,
        createdAt: communityAnswers.createdAt,
        questionTitle: communityQuestions.title,
      })
      .from(communityAnswers)
      .innerJoin(communityQuestions, eq(communityQuestions.id, communityAnswers.questionId))
      .where(eq(communityAnswers.status, "pending"))
      .orderBy(asc(communityAnswers.createdAt), asc(communityAnswers.id))
      .limit(limit),
  ]);
  return { questions, answers };
}

/** How many questions, answers and edits wait for a moderator, new or reported (the sidebar's badge). */
export async function countPendingPosts(db: AppDb): Promise<number> {
  const [[questions], [answers], [edits], [reported]] = await Promise.all([
    db.select({ n: count() }).from(communityQuestions).where(eq(communityQuestions.status, "pending")),
    db.select({ n: count() }).from(communityAnswers).where(eq(communityAnswers.status, "pending")),
    db.select({ n: count() }).from(communityHeldEdits),
    db
      .select({ n: countDistinct(sql`(${communityReports.kind}, ${communityReports.postId})`) })
      .from(communityReports)
      .where(isNull(communityReports.resolvedAt)),
  ]);
  return questions!.n + answers!.n + edits!.n + reported!.n;
}

/** A reject needs the moderator's reason: it is kept with the post and told to its writer. */
function rejectionFor(decision: Moderation, rejection: Rejection | undefined) {
  if (decision === "reject" && !rejection) throw new AdminInputError(rejectionTexts.missing);
  return decision === "reject" ? { rejectionReason: rejection!.reason, rejectionNote: rejection!.note } : { rejectionReason: null, rejectionNote: null };
}

/**
 * Publishes, rejects (with a `rejection` reason) or deletes a question (with its answers). A
 * published question keeps its first publication date; a rejected one's asker hears why, once.
 */
export async function moderateQuestion(db: AppDb, id: string, decision: Moderation, rejection?: Rejection) {
  const reason = rejectionFor(decision, rejection);
  await db.transaction(async (tx) => {
    const [question] = await tx
      .select({
        status: communityQuestions.status,
        publishedAt: communityQuestions.publishedAt,
        readAt: communityQuestions.readAt,
        userId: communityQuestions.userId,
      })
      .from(communityQuestions)
      .where(eq(communityQuestions.id, id))
      .for("update");
    if (!question) throw new AdminInputError("This question no longer exists.");
    await settleReports(tx, "question", id, decision);
    if (decision === "delete") {
      // Its answers go with it, and their reports.
      await tx
        .delete(communityReports)
        .where(
          and(
            eq(communityReports.kind, "answer"),
            inArray(communityReports.postId, tx.select({ id: communityAnswers.id }).from(communityAnswers).where(eq(communityAnswers.questionId, id))),
          ),
        );
      await tx.delete(communityQuestions).where(eq(communityQuestions.id, id));
      return;
    }
    const now = new Date();
    await tx
      .update(communityQuestions)
      .set(
        decision === "approve"
          ? { status: "published", publishedAt: question.publishedAt ?? now, readAt: question.readAt ?? now, ...reason }
          : { status: "rejected", ...reason },
      )
      .where(eq(communityQuestions.id, id));
    if (decision === "approve" && question.status !== "published") await tellAskerPublished(tx, id);
    if (decision === "reject" && question.status !== "rejected" && question.userId) await tellWriterRejected(tx, "question", id);
  });
  wakeMailQueue();
}

/**
 * Publishes, rejects (with a `rejection` reason) or deletes an answer; its question's answer count
 * moves with it (which also drops the question's cached page). A rejected answer's writer hears why, once.
 */
export async function moderateAnswer(db: AppDb, id: string, decision: Moderation, rejection?: Rejection) {
  const reason = rejectionFor(decision, rejection);
  await db.transaction(async (tx) => {
    const [answer] = await tx
      .select({
        status: communityAnswers.status,
        questionId: communityAnswers.questionId,
        userId: communityAnswers.userId,
        publishedAt: communityAnswers.publishedAt,
      })
      .from(communityAnswers)
      .where(eq(communityAnswers.id, id))
      .for("update");
    if (!answer) throw new AdminInputError("This answer no longer exists.");
    await settleReports(tx, "answer", id, decision);
    // A held edit of an answer no longer public is moot.
    if (decision !== "approve") await tx.delete(communityHeldEdits).where(and(eq(communityHeldEdits.kind, "answer"), eq(communityHeldEdits.postId, id)));
    if (decision === "delete") await tx.delete(communityAnswers).where(eq(communityAnswers.id, id));
    else
      await tx
        .update(communityAnswers)
        .set(
          decision === "approve"
            ? { status: "published", publishedAt: answer.publishedAt ?? new Date(), updatedAt: new Date(), ...reason }
            : { status: "rejected", updatedAt: new Date(), ...reason },
        )
        .where(eq(communityAnswers.id, id));
    if (decision === "reject" && answer.status !== "rejected" && answer.userId) await tellWriterRejected(tx, "answer", id);
    const wasShown = answer.status === "published";
    const isShown = decision === "approve";
    if (wasShown !== isShown) {
      await tx
        .update(communityQuestions)
        .set({ answerCount: sql`${communityQuestions.answerCount} + ${isShown ? 1 : -1}` })
        .where(eq(communityQuestions.id, answer.questionId));
    }
    // The asker hears of an answer the first time it goes public.
    if (isShown && !answer.publishedAt) await tellAskerAnswered(tx, answer.questionId, answer.userId);
  });
  wakeMailQueue();
}

export interface QuestionSearch {
  /** Words to find (full-text, ranked as articles are); empty: the list's own order. */
  q?: string;
  /** Only questions with this category (a value of app/lib/inbox-schema.ts questionCategories). */
  category?: string | null;
  /** Which questions, in which order: the newest, the newest without an answer, or those with the most answers and votes (of the question and its answers). */
  show?: QuestionListShow;
}

const newestQuestions: KeysetOrder = { name: "questions-newest", columns: [communityQuestions.publishedAt, communityQuestions.id], direction: "desc" };
const popularQuestions: KeysetOrder = {
  name: "questions-popular",
  columns: [
    { sql: sql`${communityQuestions.answerCount} + ${communityQuestions.answerVotes} + ${communityQuestions.votes}`, type: "integer" },
    communityQuestions.publishedAt,
    communityQuestions.id,
  ],
  direction: "desc",
};

/** The questions a tab shows, of `questions` (the table or an alias of it). */
function shownBy(show: QuestionListShow, questions: { answerCount: AnyPgColumn; votes: AnyPgColumn }) {
  if (show === "unanswered") return eq(questions.answerCount, 0);
  if (show === "popular") return or(gt(questions.answerCount, 0), gt(questions.votes, 0));
  return undefined;
}

/** Questions counted and ranked at most: past this a list says "1,000+" and ranks the newest matches. */
export const mostCountedQuestions = 1000;

/**
 * One page of published questions, searched and filtered, with the total over all pages (up to
 * `mostCountedQuestions`, `totalIsMore` past it). A search ranks the newest `mostCountedQuestions`
 * matches: a word in most questions costs the same as a rare one.
 */
export async function searchQuestions(db: AppDb, { q = "", category = null, show = "recent" }: QuestionSearch, page: PageRequest = firstPage) {
  const query = fullTextQuery(q);
  const ranked = query
    ? relevanceSearch(query, {
        name: "questions-relevance",
        vector: communityQuestions.searchVector,
        text: snippetSource(communityQuestions.description),
        then: [communityQuestions.publishedAt, communityQuestions.id],
      })
    : null;
  const filter = and(
    published,
    category ? sql`${category} = any(${communityQuestions.categories})` : undefined,
    shownBy(show, communityQuestions),
    ranked?.matches,
  );
  const newestMatches = alias(communityQuestions, "newest_matches");
  const ranking = ranked
    ? inArray(
        communityQuestions.id,
        db
          .select({ id: newestMatches.id })
          .from(newestMatches)
          .where(
            and(
              isPublishedQuestion(newestMatches),
              category ? sql`${category} = any(${newestMatches.categories})` : undefined,
              shownBy(show, newestMatches),
              sql`${newestMatches.searchVector} @@ to_tsquery('simple', ${query})`,
            ),
          )
          .orderBy(desc(newestMatches.publishedAt), desc(newestMatches.id))
          .limit(mostCountedQuestions),
      )
    : undefined;
  const [found, [counted]] = await Promise.all([
    keysetPage(ranked?.order ?? (show === "popular" ? popularQuestions : newestQuestions), page, (keyset) =>
      db
        .select({ ...questionCard, snippet: ranked ? ranked.snippet : sql<string | null>`null`, cursor: keyset.cursor })
        .from(communityQuestions)
        .leftJoin(profiles, eq(profiles.id, communityQuestions.userId))
        .where(and(filter, ranking, keyset.where))
        .orderBy(...keyset.orderBy)
        .limit(keyset.limit),
    ),
    db.select({ total: count() }).from(
      db
        .select({ one: sql`1` })
        .from(communityQuestions)
        .where(filter)
        .limit(mostCountedQuestions + 1)
        .as("counted"),
    ),
  ]);
  const questions = found.rows.map(({ snippet, ...question }) => ({ ...question, snippetHtml: snippet ? snippetHtml(snippet) : null }));
  const total = Math.min(counted!.total, mostCountedQuestions);
  return { questions, total, totalIsMore: counted!.total > mostCountedQuestions, next: found.next, prev: found.prev };
}

export type PostKind = "question" | "answer";

/** Checks a report's reason: trimmed, required, at most 500 characters. */
export function checkReportReason(choice: unknown, words: unknown): { ok: true; reason: string } | { ok: false; error: string } {
  const details = typeof words === "string" ? words.trim() : "";
  // Without a choice (an older form, the API) the words are the reason.
  const chosen = reportReasons.find((reason) => reason.value === choice) ?? (details ? reportReasons.find((reason) => reason.value === "other") : undefined);
  if (!chosen) return { ok: false, error: communityTexts.reasonMissing };
  if (chosen.value === "other" && !details) return { ok: false, error: communityTexts.otherReasonMissing };
  if (details.length > 500) return { ok: false, error: communityTexts.reasonTooLong };
  if (chosen.value === "other") return { ok: true, reason: details };
  return { ok: true, reason: details ? `${chosen.label}: ${details}` : chosen.label };
}

/**
 * A signed-in reader reports a published question or answer of `questionId`'s page, with a reason:
 * once per account per post (false when they had already), never their own post.
 */
export async function reportPost(
  db: AppDb,
  questionId: string,
  kind: PostKind,
  postId: string,
  reporter: Pick<Poster, "id">,
  reason: string,
): Promise<boolean> {
  const [post] =
    kind === "question"
      ? await db
          .select({ userId: communityQuestions.userId })
          .from(communityQuestions)
          .where(and(eq(communityQuestions.id, postId), eq(communityQuestions.id, questionId), published))
      : await db
          .select({ userId: communityAnswers.userId })
          .from(communityAnswers)
          .innerJoin(communityQuestions, eq(communityQuestions.id, communityAnswers.questionId))
          .where(and(eq(communityAnswers.id, postId), eq(communityAnswers.questionId, questionId), publishedAnswers, published));
  if (!post) throw new AdminInputError(kind === "question" ? communityTexts.questionGone : communityTexts.answerGone);
  if (post.userId === reporter.id) throw new AdminInputError(communityTexts.ownPost);
  const added = await db
    .insert(communityReports)
    .values({ kind, postId, userId: reporter.id, reason })
    .onConflictDoNothing()
    .returning({ id: communityReports.id });
  return added.length > 0;
}

const openReports = isNull(communityReports.resolvedAt);

/** Posts with open reports, most reported first: what was said, and every reason given. */
export async function listReportedPosts(db: AppDb, limit = 50) {
  const reported = await db
    .select({
      kind: communityReports.kind,
      postId: communityReports.postId,
      reports: count(),
      reasons: sql<string[]>`array_agg(${communityReports.reason} order by ${communityReports.createdAt})`,
      firstAt: sql<Date>`min(${communityReports.createdAt})`.mapWith(communityReports.createdAt),
    })
    .from(communityReports)
    .where(openReports)
    .groupBy(communityReports.kind, communityReports.postId)
    .orderBy(desc(count()), asc(sql`min(${communityReports.createdAt})`))
    .limit(limit);
  const questionIds = reported.filter((row) => row.kind === "question").map((row) => row.postId);
  const answerIds = reported.filter((row) => row.kind === "answer").map((row) => row.postId);
  const [questions, answers] = await Promise.all([
    questionIds.length
      ? db
          .select({ id: communityQuestions.id, slug: communityQuestions.slug, title: communityQuestions.title, text: communityQuestions.description })
          .from(communityQuestions)
          .where(inArray(communityQuestions.id, questionIds))
      : [],
    answerIds.length
      ? db
          .select({
            id: communityAnswers.id,
            slug: communityQuestions.slug,
            questionId: communityQuestions.id,
            title: communityQuestions.title,
            text: communityAnswers.body,
          })
          .from(communityAnswers)
          .innerJoin(communityQuestions, eq(communityQuestions.id, communityAnswers.questionId))
          .where(inArray(communityAnswers.id, answerIds))
      : [],
  ]);
  const posts = new Map([
    ...questions.map((question) => [`question:${question.id}`, { title: question.title, text: question.text, path: questionPath(question) }] as const),
    ...answers.map(
      (answer) =>
        [`answer:${answer.id}`, { title: answer.title, text: answer.text, path: questionPath({ id: answer.questionId, slug: answer.slug }) }] as const,
    ),
  ]);
  return reported.flatMap((row) => {
    const post = posts.get(`${row.kind}:${row.postId}`);
    return post ? [{ ...row, ...post }] : [];
  });
}

/** A moderator closes a post's open reports without changing the post. */
export async function dismissReports(db: AppDb, kind: PostKind, postId: string) {
  const closed = await db
    .update(communityReports)
    .set({ resolvedAt: new Date() })
    .where(and(eq(communityReports.kind, kind), eq(communityReports.postId, postId), openReports))
    .returning({ id: communityReports.id });
  if (closed.length === 0) throw new AdminInputError(communityTexts.noOpenReports);
}

/** A decision on a post closes its reports too (a deleted post's go with it). */
async function settleReports(db: AppDb, kind: PostKind, postId: string, decision: Moderation) {
  const ofPost = and(eq(communityReports.kind, kind), eq(communityReports.postId, postId));
  if (decision === "delete") await db.delete(communityReports).where(ofPost);
  else await db.update(communityReports).set({ resolvedAt: new Date() }).where(and(ofPost, openReports));
}

/** Throws why `editor` may not edit `post` (someone else's, or too late). */
function refuseEdit(editor: Pick<Poster, "id" | "role">, post: EditablePost) {
  if (mayEditPost(editor, post)) return;
  throw new AdminInputError(editor.id === post.authorId ? communityTexts.editClosed : communityTexts.notYoursToEdit);
}

export interface PostEdit {
  title?: string;
  body: string;
}

/** A published post, locked until the transaction ends: what the edit rules read, and its text now. */
async function lockPublishedPost(tx: AppDb, questionId: string, kind: PostKind, postId: string) {
  if (kind === "question") {
    const [question] = await tx
      .select({
        authorId: communityQuestions.userId,
        createdAt: communityQuestions.createdAt,
        publishedAt: communityQuestions.publishedAt,
        title: communityQuestions.title,
        body: communityQuestions.description,
        questionSlug: communityQuestions.slug,
      })
      .from(communityQuestions)
      .where(and(eq(communityQuestions.id, postId), eq(communityQuestions.id, questionId), published))
      .for("update");
    if (!question) throw new AdminInputError(communityTexts.questionGone);
    return question;
  }
  const [answer] = await tx
    .select({
      authorId: communityAnswers.userId,
      createdAt: communityAnswers.createdAt,
      publishedAt: communityAnswers.publishedAt,
      title: sql<string | null>`null`,
      body: communityAnswers.body,
      questionSlug: communityQuestions.slug,
    })
    .from(communityAnswers)
    .innerJoin(communityQuestions, eq(communityQuestions.id, communityAnswers.questionId))
    .where(and(eq(communityAnswers.id, postId), eq(communityAnswers.questionId, questionId), publishedAnswers, published))
    .for("update", { of: communityAnswers });
  if (!answer) throw new AdminInputError(communityTexts.answerGone);
  return answer;
}

/**
 * Puts an edit into a locked post: the text it replaces is kept (`community_edits`) with who
 * changed it. The question's address after it (a new title makes a new one).
 */
async function applyEdit(
  tx: AppDb,
  post: { kind: PostKind; postId: string; questionId: string; title: string | null; body: string },
  editorId: string | null,
  input: PostEdit,
) {
  await tx.insert(communityEdits).values({ kind: post.kind, postId: post.postId, editorId, title: post.title, body: post.body });
  if (post.kind === "question") {
    const title = input.title ?? post.title!;
    await tx
      .update(communityQuestions)
      .set({ title, slug: questionSlug(title), description: input.body })
      .where(eq(communityQuestions.id, post.postId));
    return questionPath({ id: post.postId, slug: questionSlug(title) });
  }
  await tx
    .update(communityAnswers)
    .set({ body: input.body, bodyHtml: renderMarkdown(input.body), updatedAt: new Date() })
    .where(eq(communityAnswers.id, post.postId));
  return null;
}

/**
 * Edits a published question (title and description) or answer (its text): by its author for 30
 * minutes after it went public, by a moderator always. An author whose posts wait for a moderator
 * (`publishesAtOnce`) has the edit held: readers keep the approved text until a moderator approves
 * the edit (`moderateHeldEdit`), so an approved post cannot be rewritten into something else.
 * Returns the question's address (a new title makes a new one) and whether the edit waits.
 */
export async function editPost(
  db: AppDb,
  questionId: string,
  kind: PostKind,
  postId: string,
  editor: Pick<Poster, "id" | "role">,
  input: PostEdit,
): Promise<{ path: string; held: boolean }> {
  const held = !can(editor.role, "moderateCommunity") && !(await publishesAtOnce(db, editor));
  return db.transaction(async (tx) => {
    const post = await lockPublishedPost(tx, questionId, kind, postId);
    refuseEdit(editor, post);
    const path = questionPath({ id: questionId, slug: post.questionSlug });
    if (held) {
      const edit = {
        questionId,
        editorId: editor.id,
        title: kind === "question" ? (input.title ?? post.title) : null,
        body: input.body,
        createdAt: new Date(),
      };
      await tx
        .insert(communityHeldEdits)
        .values({ kind, postId, ...edit })
        .onConflictDoUpdate({ target: [communityHeldEdits.kind, communityHeldEdits.postId], set: edit });
      return { path, held };
    }
    // A post's own author or a moderator changed it: a held edit of it is outdated.
    await tx.delete(communityHeldEdits).where(and(eq(communityHeldEdits.kind, kind), eq(communityHeldEdits.postId, postId)));
    const newPath = await applyEdit(tx, { kind, postId, questionId, title: post.title, body: post.body }, editor.id, input);
    return { path: newPath ?? path, held };
  });
}

/** A signed-in teacher's own answers to a question that wait for a moderator: shown to them alone, marked so. */
export function waitingAnswersOf(db: AppDb, questionId: string, userId: string) {
  return db
    .select({ id: communityAnswers.id, bodyHtml: communityAnswers.bodyHtml, createdAt: communityAnswers.createdAt })
    .from(communityAnswers)
    .where(and(eq(communityAnswers.questionId, questionId), eq(communityAnswers.userId, userId), eq(communityAnswers.status, "pending")))
    .orderBy(asc(communityAnswers.createdAt), asc(communityAnswers.id));
}

/**
 * What the page kept for everyone does not show `viewer` of a published question (null: no such
 * question): a few small queries, where a page rendered for her costs a whole render.
 */
export async function questionViewerState(db: AppDb, questionId: string, viewer: Pick<Poster, "id" | "role">): Promise<QuestionViewerState | null> {
  const [[question], answers, votes, held, waiting] = await Promise.all([
    db
      .select({ askerId: communityQuestions.userId, publishedAt: communityQuestions.publishedAt, createdAt: communityQuestions.createdAt })
      .from(communityQuestions)
      .where(and(eq(communityQuestions.id, questionId), published)),
    db
      .select({ id: communityAnswers.id, userId: communityAnswers.userId, publishedAt: communityAnswers.publishedAt, createdAt: communityAnswers.createdAt })
      .from(communityAnswers)
      .where(and(eq(communityAnswers.questionId, questionId), publishedAnswers)),
    votesOf(db, questionId, viewer.id),
    postsWithHeldEdits(db, questionId, viewer.id),
    waitingAnswersOf(db, questionId, viewer.id),
  ]);
  if (!question) return null;
  const posts = [{ id: questionId, authorId: question.askerId, publishedAt: question.publishedAt, createdAt: question.createdAt }].concat(
    answers.map((answer) => ({ id: answer.id, authorId: answer.userId, publishedAt: answer.publishedAt, createdAt: answer.createdAt })),
  );
  return {
    question: questionId,
    asked: question.askerId === viewer.id,
    own: answers.filter((answer) => answer.userId === viewer.id).map((answer) => answer.id),
    voted: [...(votes.question ? [questionId] : []), ...votes.answers],
    mayAccept: mayAccept(viewer, question.askerId),
    editable: posts.filter((post) => mayEditPost(viewer, post)).map((post) => post.id),
    moderator: seesEditHistory(viewer),
    held,
    waiting: waiting.length,
  };
}

/** Which of these posts have an edit waiting for a moderator (shown to their author). */
export async function postsWithHeldEdits(db: AppDb, questionId: string, authorId: string): Promise<string[]> {
  const rows = await db
    .select({ postId: communityHeldEdits.postId })
    .from(communityHeldEdits)
    .where(and(eq(communityHeldEdits.questionId, questionId), eq(communityHeldEdits.editorId, authorId)));
  return rows.map((row) => row.postId);
}

/** Edits held for a moderator, oldest first: the text readers see now beside the one proposed. */
export async function listHeldEdits(db: AppDb, limit = 50) {
  const answer = alias(communityAnswers, "edited_answer");
  return db
    .select({
      id: communityHeldEdits.id,
      kind: communityHeldEdits.kind,
      questionId: communityHeldEdits.questionId,
      questionSlug: communityQuestions.slug,
      questionTitle: communityQuestions.title,
      editorName: profiles.displayName,
      title: communityHeldEdits.title,
      body: communityHeldEdits.body,
      currentBody: sql<string>`coalesce(${answer.body}, ${communityQuestions.description})`,
      createdAt: communityHeldEdits.createdAt,
    })
    .from(communityHeldEdits)
    .innerJoin(communityQuestions, eq(communityQuestions.id, communityHeldEdits.questionId))
    .leftJoin(answer, and(eq(communityHeldEdits.kind, "answer"), eq(answer.id, communityHeldEdits.postId)))
    .leftJoin(profiles, eq(profiles.id, communityHeldEdits.editorId))
    .orderBy(asc(communityHeldEdits.createdAt), asc(communityHeldEdits.id))
    .limit(limit);
}

/**
 * A moderator applies a held edit (the post is changed as its author asked, the text it replaces
 * kept) or rejects it (the post stays as approved). Either way the edit leaves the queue.
 */
export async function moderateHeldEdit(db: AppDb, id: string, decision: "approve" | "reject", moderatorId: string) {
  await db.transaction(async (tx) => {
    const [edit] = await tx.delete(communityHeldEdits).where(eq(communityHeldEdits.id, id)).returning();
    if (!edit) throw new AdminInputError(communityTexts.editGone);
    if (decision === "reject") return;
    const post = await lockPublishedPost(tx, edit.questionId, edit.kind, edit.postId);
    // Kept as the author's edit, approved: the history names who wrote it.
    await applyEdit(
      tx,
      { kind: edit.kind, postId: edit.postId, questionId: edit.questionId, title: post.title, body: post.body },
      edit.editorId ?? moderatorId,
      {
        title: edit.title ?? undefined,
        body: edit.body,
      },
    );
  });
}

/**
 * The kept texts of a question and its answers before each edit, newest first, with who edited
 * and when: shown to staff on the question page.
 */
export async function editHistory(db: AppDb, questionId: string, answerIds: readonly string[]) {
  const rows = await db
    .select({
      id: communityEdits.id,
      postId: communityEdits.postId,
      title: communityEdits.title,
      body: communityEdits.body,
      editorName: profiles.displayName,
      createdAt: communityEdits.createdAt,
    })
    .from(communityEdits)
    .leftJoin(profiles, eq(profiles.id, communityEdits.editorId))
    .where(
      or(
        and(eq(communityEdits.kind, "question"), eq(communityEdits.postId, questionId)),
        answerIds.length > 0 ? and(eq(communityEdits.kind, "answer"), inArray(communityEdits.postId, [...answerIds])) : undefined,
      ),
    )
    .orderBy(desc(communityEdits.createdAt), desc(communityEdits.id));
  const byPost: Record<string, { id: string; title: string | null; body: string; editorName: string | null; at: ReturnType<typeof stampDateTime> }[]> = {};
  for (const { postId, createdAt, ...edit } of rows) (byPost[postId] ??= []).push({ ...edit, at: stampDateTime(createdAt) });
  return byPost;
}
