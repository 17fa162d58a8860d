import { and, count, gte, lt, sql } from "drizzle-orm";
import { communityAnswers, communityQuestions } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";
import { publishedAnswersOnly, publishedQuestionsOnly } from "#app/server/community/published.server";

export interface CommunityActivity {
  /** Published questions asked in the range. */
  questionsAsked: number;
  /** Published answers written in the range. */
  answersPosted: number;
  /** Of `questionsAsked`, those with a published answer that went public within 24 hours of the asking. */
  answeredWithinADay: number;
}

/**
 * Ask Kafundisha in the days `from` to `to` (YYYY-MM-DD, whole days in `timeZone`, as the page-view
 * rollups count them): what readers asked, what was answered, and how fast. Questions are read by
 * their creation index; each one's answers by the answers' question index.
 */
export async function communityActivity(db: AppDb, range: { from: string; to: string; timeZone: string }): Promise<CommunityActivity> {
  const start = sql`(${range.from}::date::timestamp at time zone ${range.timeZone})`;
  const end = sql`((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})`;
  const answeredWithinADay = sql`exists (
    select 1 from ${communityAnswers}
    where ${communityAnswers.questionId} = ${communityQuestions.id} and ${publishedAnswersOnly}
      and coalesce(${communityAnswers.publishedAt}, ${communityAnswers.createdAt}) < ${communityQuestions.createdAt} + interval '1 day')`;
  const [[questions], [answers]] = await Promise.all([
    db
      .select({ asked: count(), answeredWithinADay: sql<number>`count(*) filter (where ${answeredWithinADay})`.mapWith(Number) })
      .from(communityQuestions)
      .where(and(publishedQuestionsOnly, gte(communityQuestions.createdAt, start), lt(communityQuestions.createdAt, end))),
    db
      .select({ posted: count() })
      .from(communityAnswers)
      .where(and(publishedAnswersOnly, gte(communityAnswers.createdAt, start), lt(communityAnswers.createdAt, end))),
  ]);
  return { questionsAsked: questions!.asked, answersPosted: answers!.posted, answeredWithinADay: questions!.answeredWithinADay };
}
