import { count, desc, eq } from "drizzle-orm";
import { communityAnswers, communityQuestions } from "#database/schema";
import { rejectionWords } from "#app/lib/rejection-reasons";
import type { AppDb } from "#app/server/db/types.server";

// A teacher's own Ask Kafundisha posts, for her account page: what she asked and answered, whether
// each is public, waits for a moderator or was not published (and why), and her mails about each question.

/** Posts of each kind the account page lists, newest first. */
export const myPostsShown = 20;

export async function postsOf(db: AppDb, userId: string) {
  const [questions, answers, [questionCount], [answerCount]] = await Promise.all([
    db
      .select({
        id: communityQuestions.id,
        slug: communityQuestions.slug,
        title: communityQuestions.title,
        status: communityQuestions.status,
        answers: communityQuestions.answerCount,
        mailsOff: communityQuestions.mailsOff,
        rejection: { reason: communityQuestions.rejectionReason, note: communityQuestions.rejectionNote },
        createdAt: communityQuestions.createdAt,
      })
      .from(communityQuestions)
      .where(eq(communityQuestions.userId, userId))
      .orderBy(desc(communityQuestions.createdAt), desc(communityQuestions.id))
      .limit(myPostsShown),
    db
      .select({
        id: communityAnswers.id,
        status: communityAnswers.status,
        body: communityAnswers.body,
        rejection: { reason: communityAnswers.rejectionReason, note: communityAnswers.rejectionNote },
        createdAt: communityAnswers.createdAt,
        question: { id: communityQuestions.id, slug: communityQuestions.slug, title: communityQuestions.title, status: communityQuestions.status },
      })
      .from(communityAnswers)
      .innerJoin(communityQuestions, eq(communityQuestions.id, communityAnswers.questionId))
      .where(eq(communityAnswers.userId, userId))
      .orderBy(desc(communityAnswers.createdAt), desc(communityAnswers.id))
      .limit(myPostsShown),
    db.select({ n: count() }).from(communityQuestions).where(eq(communityQuestions.userId, userId)),
    db.select({ n: count() }).from(communityAnswers).where(eq(communityAnswers.userId, userId)),
  ]);
  // Why a moderator turned a post down, in words for its writer (null for one that was not).
  const withWhy = <Post extends { status: string; rejection: { reason: string | null; note: string | null } }>({ rejection, ...post }: Post) => ({
    ...post,
    rejectedWhy: post.status === "rejected" ? rejectionWords(rejection) : null,
  });
  return { questions: questions.map(withWhy), answers: answers.map(withWhy), questionCount: questionCount!.n, answerCount: answerCount!.n };
}
