import { count, desc, eq } from "drizzle-orm";
import { communityAnswers, communityQuestions } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";

// A teacher's own Ask Kafundisha posts, for her account page: what she asked and answered, whether
// each is public, waits for a moderator or was not published, and her mails about each question.

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
  return { questions, answers, questionCount: questionCount!.n, answerCount: answerCount!.n };
}
