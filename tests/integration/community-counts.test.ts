import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { communityAnswers, communityQuestions, communityVotes, users } from "#database/schema";
import {
  communityFigures,
  moderateAnswer,
  moderateQuestion,
  mostCountedQuestions,
  searchQuestions,
  voteForAnswer,
} from "#app/server/community/community.server";
import { selectRows } from "#app/server/db/types.server";
import { anAccount } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { startTestServer, type TestServer } from "#tests/helpers/server";

// The Ask Kafundisha page's figures and each question's answer votes are kept by triggers
// (migration 0035) so the page never counts every post: after every kind of change they equal a
// count over the rows. And a list or search counts up to 1,000, then says "1,000+".

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true" });
});
afterAll(() => server.close());

/** The figures counted the slow way, over every row. */
async function countedOverRows() {
  const [row] = await selectRows<{ questions: number; answered: number; answers: number; teachers: number }>(
    server.services.db,
    sql`select
      (select count(*)::int from community_questions where status = 'published') as questions,
      (select count(*)::int from community_questions where status = 'published' and answer_count > 0) as answered,
      (select count(*)::int from community_answers where status = 'published') as answers,
      (select count(distinct user_id)::int from (select user_id from community_questions where status = 'published'
        union all select user_id from community_answers where status = 'published') posters where user_id is not null) as teachers`,
  );
  return {
    questions: row!.questions,
    answers: row!.answers,
    teachers: row!.teachers,
    answeredShare: row!.questions > 0 ? row!.answered / row!.questions : null,
  };
}
async function votesKeptRight() {
  const wrong = await selectRows<{ id: string }>(
    server.services.db,
    sql`select q.id from community_questions q where q.answer_votes <> coalesce((select sum(votes) from community_answers a where a.question_id = q.id and a.status = 'published'), 0)`,
  );
  return wrong.length === 0;
}
async function expectFiguresRight() {
  expect(await communityFigures(server.services.db)).toEqual(await countedOverRows());
  expect(await votesKeptRight()).toBe(true);
}

describe(`Ask Kafundisha figures (${testDatabaseKind})`, () => {
  it("stay equal to a count over the rows through publishing, answers, votes, moderation and deleted accounts", async () => {
    const { db } = server.services;
    await expectFiguresRight();
    const teacher = await anAccount(db, { role: "user", displayName: "Counting Teacher" });
    const voter = await anAccount(db, { role: "user", displayName: "Voting Teacher" });
    const [question] = await db
      .insert(communityQuestions)
      .values({ title: "Counting question", categories: ["career"], description: "Asked.", userId: teacher.id })
      .returning();
    await expectFiguresRight();
    await moderateQuestion(db, question!.id, "approve");
    await expectFiguresRight();
    const [answer] = await db
      .insert(communityAnswers)
      .values({ questionId: question!.id, userId: voter.id, body: "An answer.", bodyHtml: "<p>An answer.</p>", status: "pending" })
      .returning();
    await moderateAnswer(db, answer!.id, "approve");
    await expectFiguresRight();
    await voteForAnswer(db, question!.id, answer!.id, { id: teacher.id }, true);
    await expectFiguresRight();
    expect((await db.select({ votes: communityQuestions.answerVotes }).from(communityQuestions).where(eq(communityQuestions.id, question!.id)))[0]!.votes).toBe(
      1,
    );
    await moderateAnswer(db, answer!.id, "reject", { reason: "spam", note: null });
    await expectFiguresRight();
    await moderateAnswer(db, answer!.id, "approve");
    await db.delete(users).where(eq(users.id, voter.id));
    await expectFiguresRight();
    await moderateAnswer(db, answer!.id, "delete");
    await expectFiguresRight();
    await moderateQuestion(db, question!.id, "reject", { reason: "off-topic", note: null });
    await expectFiguresRight();
    await moderateQuestion(db, question!.id, "delete");
    await expectFiguresRight();
    expect(await db.select().from(communityVotes).where(eq(communityVotes.userId, teacher.id))).toEqual([]);
  });

  it(`counts a list up to ${mostCountedQuestions}, then says more; a common word still finds the newest`, async () => {
    const { db } = server.services;
    await db.execute(sql`insert into community_questions (title, categories, description, status, slug, published_at)
      select 'Plenty question ' || n, array['assessment'], 'Plenty of words about marking.', 'published', 'plenty-question-' || n, now() - make_interval(mins => n)
      from generate_series(1, ${mostCountedQuestions + 5}) as n`);
    const all = await searchQuestions(db, {});
    expect(all).toMatchObject({ total: mostCountedQuestions, totalIsMore: true });
    const found = await searchQuestions(db, { q: "plenty" });
    expect(found).toMatchObject({ total: mostCountedQuestions, totalIsMore: true });
    expect(found.questions[0]!.title).toBe("Plenty question 1");
    const page = await (await fetch(`${server.url}/ask-kafundisha?q=plenty`)).text();
    expect(page).toContain("1,000+ questions");
    expect((await searchQuestions(db, { q: "reading circles" })).totalIsMore).toBe(false);
    await expectFiguresRight();
  });
});
