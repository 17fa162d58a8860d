import { and, count, eq, gt, inArray, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import { communityAnswers, communityQuestions, mailQueue, profiles, users } from "#database/schema";
import { plural } from "#app/lib/plural";
import { questionMailsStopPath, questionPath } from "#app/lib/community";
import { rejectionNextStep, rejectionWords, type RejectedKind } from "#app/lib/rejection-reasons";
import type { AppDb } from "#app/server/db/types.server";
import { enqueueMail, type ComposeMail, type ComposedMail } from "#app/server/core/mail-queue.server";
import { idOfSigned, signId } from "#app/server/core/signed-id.server";
import { services } from "#app/server/core/services.server";
import { publishedAnswersOnly, publishedQuestionsOnly } from "./published.server";

// Ask Kafundisha's mails, through the mail queue and made when sent from the rows as they are then:
// the asker hears when a moderator publishes their question and when it is answered (one mail an
// hour at most per question, gathering the answers since the last), and can stop both for that
// question with one click; an answer's writer hears, once, that it was accepted. A writer with an
// account hears when a moderator turns their question or answer down, and why.

export const communityMailKinds = {
  published: "question-published",
  answered: "question-answered",
  accepted: "answer-accepted",
  questionRejected: "question-rejected",
  answerRejected: "answer-rejected",
} as const;

export const isCommunityMail = (kind: string) => (Object.values(communityMailKinds) as string[]).includes(kind);

const answerMailGapMs = 60 * 60 * 1000;
const unsubscribePurpose = "question-mails";

export const questionMailsToken = (secret: string, questionId: string) => signId(secret, unsubscribePurpose, questionId);

const questionMailsStopUrl = (publicUrl: string, questionId: string, secret: string) =>
  `${publicUrl}${questionMailsStopPath}?token=${questionMailsToken(secret, questionId)}`;

/** The asker of a question whose moderator just published it is told (in the caller's transaction). */
export async function tellAskerPublished(db: AppDb, questionId: string) {
  await enqueueMail(db, { kind: communityMailKinds.published, questionId });
}

/**
 * A new answer by `answererId` went public: the asker will hear, unless they wrote it. Answers
 * published while a mail waits join that mail; it waits an hour after the last one.
 */
export async function tellAskerAnswered(db: AppDb, questionId: string, answererId: string | null) {
  await queueAnswersMail(db, questionId, answererId, sql`now()`);
}

/** Queues the asker's mail about new answers, due an hour after the last one and not before `earliest`. */
async function queueAnswersMail(db: AppDb, questionId: string, answererId: string | null, earliest: SQL) {
  await db.execute(sql`
    insert into ${mailQueue} (kind, question_id, next_attempt_at)
    select ${communityMailKinds.answered}, q.id, greatest(${earliest}, coalesce(q.answers_mailed_at + make_interval(secs => ${answerMailGapMs / 1000}), now()))
    from ${communityQuestions} q
    where q.id = ${questionId} and not q.mails_off and (q.user_id is not null or q.notify_email is not null)
      and q.user_id is distinct from ${answererId}::uuid
    on conflict (question_id) where kind = 'question-answered' and status = 'queued' do nothing`);
}

/** An answer was accepted by someone other than its writer: the writer hears, the first time only. */
export async function tellAnswererAccepted(db: AppDb, answerId: string, acceptedBy: string) {
  const [first] = await db
    .update(communityAnswers)
    .set({ acceptanceMailed: true })
    .where(
      and(
        eq(communityAnswers.id, answerId),
        eq(communityAnswers.acceptanceMailed, false),
        isNotNull(communityAnswers.userId),
        ne(communityAnswers.userId, acceptedBy),
      ),
    )
    .returning({ id: communityAnswers.id });
  if (first) await enqueueMail(db, { kind: communityMailKinds.accepted, answerId });
}

/** A moderator turned down a post of `kind` whose writer has an account: they will hear why (in the caller's transaction). */
export async function tellWriterRejected(db: AppDb, kind: RejectedKind, id: string) {
  await enqueueMail(
    db,
    kind === "question" ? { kind: communityMailKinds.questionRejected, questionId: id } : { kind: communityMailKinds.answerRejected, answerId: id },
  );
}

/** A published question and where its asker hears (their account's address, or the one they left). */
async function questionToMail(db: AppDb, questionId: string) {
  const [question] = await db
    .select({
      id: communityQuestions.id,
      slug: communityQuestions.slug,
      title: communityQuestions.title,
      askerId: communityQuestions.userId,
      to: sql<string | null>`coalesce(${users.email}, ${communityQuestions.notifyEmail})`,
      mailsOff: communityQuestions.mailsOff,
      answersMailedAt: communityQuestions.answersMailedAt,
    })
    .from(communityQuestions)
    .leftJoin(users, eq(users.id, communityQuestions.userId))
    .where(and(eq(communityQuestions.id, questionId), publishedQuestionsOnly));
  return question?.to && !question.mailsOff ? { ...question, to: question.to } : null;
}

/** Answers since the last mail about them, not the asker's own, and who wrote the first. */
async function newAnswers(db: AppDb, question: { id: string; askerId: string | null; answersMailedAt: Date | null }) {
  const [row] = await db
    .select({ n: count(), firstBy: sql<string | null>`(array_agg(${communityAnswers.authorName} order by ${communityAnswers.publishedAt}))[1]` })
    .from(communityAnswers)
    .where(
      and(
        eq(communityAnswers.questionId, question.id),
        publishedAnswersOnly,
        question.answersMailedAt ? gt(communityAnswers.publishedAt, question.answersMailedAt) : undefined,
        question.askerId ? or(sql`${communityAnswers.userId} is null`, ne(communityAnswers.userId, question.askerId)) : undefined,
      ),
    );
  return row!;
}

/** Whether another instance is sending a mail about this question's answers right now. */
async function answerMailInFlight(db: AppDb, questionId: string, jobId: string) {
  const [other] = await db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(
      and(eq(mailQueue.questionId, questionId), eq(mailQueue.kind, communityMailKinds.answered), eq(mailQueue.status, "sending"), ne(mailQueue.id, jobId)),
    );
  return other !== undefined;
}

/** The queue's `compose` for Ask Kafundisha mails; null when the news is no longer true or wanted. */
export const composeCommunityMail: ComposeMail = async (db, job) => {
  const { PUBLIC_URL: publicUrl } = services().config;
  const secret = services().sessionSecret;
  if (job.kind === communityMailKinds.accepted) return job.answerId ? acceptedMail(db, job.answerId, publicUrl) : null;
  if (job.kind === communityMailKinds.questionRejected) return job.questionId ? questionRejectedMail(db, job.questionId, publicUrl) : null;
  if (job.kind === communityMailKinds.answerRejected) return job.answerId ? answerRejectedMail(db, job.answerId, publicUrl) : null;
  if (!job.questionId) return null;
  const question = await questionToMail(db, job.questionId);
  if (!question) return null;
  const link = `${publicUrl}${questionPath(question)}`;
  const stop = questionMailsStopUrl(publicUrl, question.id, secret);
  const footer = `\n\nYou get this mail because you asked this question at The Educator. No more mails about it: ${stop}\n`;
  const mail = (subject: string, text: string): ComposedMail => ({
    to: question.to,
    subject,
    text: text + footer,
    headers: { "List-Unsubscribe": `<${stop}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
  if (job.kind === communityMailKinds.published) {
    return mail(
      `Your question is published: ${question.title}`,
      `Your question "${question.title}" is now on Ask Kafundisha, where teachers can answer it:\n${link}\n\nWe will write when it gets answers, at most once an hour.`,
    );
  }
  if (job.kind !== communityMailKinds.answered) return null;
  const since = question.answersMailedAt ? Date.now() - question.answersMailedAt.getTime() : Infinity;
  if (since < answerMailGapMs || (await answerMailInFlight(db, question.id, job.id))) {
    // Too soon after the last mail, or beside one being sent (look again in a minute): the answers wait for the next.
    await queueAnswersMail(db, question.id, null, sql`now() + interval '1 minute'`);
    return null;
  }
  const cutoff = new Date();
  const { n, firstBy } = await newAnswers(db, question);
  if (n === 0) return null;
  const answers = plural(n, { one: "new answer", other: "new answers" });
  const who = n === 1 ? (firstBy ?? "A teacher") : `Teachers`;
  return {
    ...mail(`${answers} to your question: ${question.title}`, `${who} answered your question "${question.title}" on Ask Kafundisha (${answers}):\n${link}`),
    afterSend: async (tx) => {
      await tx.update(communityQuestions).set({ answersMailedAt: cutoff }).where(eq(communityQuestions.id, question.id));
    },
  };
};

/** The mail to an answer's writer that it was accepted, while it still is. */
async function acceptedMail(db: AppDb, answerId: string, publicUrl: string): Promise<ComposedMail | null> {
  const [row] = await db
    .select({ to: users.email, id: communityQuestions.id, slug: communityQuestions.slug, title: communityQuestions.title, askerName: profiles.displayName })
    .from(communityAnswers)
    .innerJoin(users, eq(users.id, communityAnswers.userId))
    .innerJoin(communityQuestions, and(eq(communityQuestions.id, communityAnswers.questionId), eq(communityQuestions.acceptedAnswerId, communityAnswers.id)))
    .leftJoin(profiles, eq(profiles.id, communityQuestions.userId))
    .where(and(eq(communityAnswers.id, answerId), publishedAnswersOnly, publishedQuestionsOnly));
  if (!row) return null;
  return {
    to: row.to,
    subject: `Your answer was accepted: ${row.title}`,
    text: `${row.askerName ?? "The asker"} accepted your answer to "${row.title}" on Ask Kafundisha. Thank you for helping a fellow teacher.\n\n${publicUrl}${questionPath(row)}\n`,
  };
}

/** A mail telling a writer, kindly, why their post was not published and what they can do (`next` links where). */
function rejectedMail(
  to: string,
  post: { kind: RejectedKind; title: string; reason: string | null; note: string | null },
  next: string,
  publicUrl: string,
): ComposedMail {
  const why = rejectionWords(post);
  const [thanks, yours] =
    post.kind === "question" ? ["Thank you for asking on Ask Kafundisha.", "your question"] : ["Thank you for answering on Ask Kafundisha.", "your answer to"];
  return {
    to,
    subject: `Your ${post.kind} was not published: ${post.title}`,
    text:
      `${thanks} A moderator did not publish ${yours} "${post.title}".\n\n` +
      (why ? `Why: ${why}\n\n` : "") +
      `${rejectionNextStep(post.reason)}\n${next}\n\n` +
      `Your questions and answers, and why any was not published, are on your account page:\n${publicUrl}/account\n`,
  };
}

/** The mail to an asker that their question was turned down, while it still is. */
async function questionRejectedMail(db: AppDb, questionId: string, publicUrl: string): Promise<ComposedMail | null> {
  const [row] = await db
    .select({ to: users.email, title: communityQuestions.title, reason: communityQuestions.rejectionReason, note: communityQuestions.rejectionNote })
    .from(communityQuestions)
    .innerJoin(users, eq(users.id, communityQuestions.userId))
    .where(and(eq(communityQuestions.id, questionId), eq(communityQuestions.status, "rejected")));
  return row ? rejectedMail(row.to, { ...row, kind: "question" }, `${publicUrl}/ask-kafundisha`, publicUrl) : null;
}

/** The mail to an answer's writer that it was turned down, while it still is; it links to the question while readers see it. */
async function answerRejectedMail(db: AppDb, answerId: string, publicUrl: string): Promise<ComposedMail | null> {
  const [row] = await db
    .select({
      to: users.email,
      id: communityQuestions.id,
      slug: communityQuestions.slug,
      title: communityQuestions.title,
      questionStatus: communityQuestions.status,
      reason: communityAnswers.rejectionReason,
      note: communityAnswers.rejectionNote,
    })
    .from(communityAnswers)
    .innerJoin(users, eq(users.id, communityAnswers.userId))
    .innerJoin(communityQuestions, eq(communityQuestions.id, communityAnswers.questionId))
    .where(and(eq(communityAnswers.id, answerId), eq(communityAnswers.status, "rejected")));
  if (!row) return null;
  const where = row.questionStatus === "published" ? questionPath(row) : "/ask-kafundisha";
  return rejectedMail(row.to, { ...row, kind: "answer" }, `${publicUrl}${where}`, publicUrl);
}

/** The question an unsubscribe link names, or null when the link is not valid. */
export async function questionOfMailsToken(db: AppDb, token: string) {
  const id = idOfSigned(services().sessionSecret, unsubscribePurpose, token);
  if (!id) return null;
  const [question] = await db
    .select({ id: communityQuestions.id, title: communityQuestions.title, mailsOff: communityQuestions.mailsOff })
    .from(communityQuestions)
    .where(eq(communityQuestions.id, id));
  return question ?? null;
}

/** No more mails about this question (and none that wait are sent); false for a link that is not valid. */
export async function stopQuestionMails(db: AppDb, token: string): Promise<boolean> {
  const question = await questionOfMailsToken(db, token);
  if (!question) return false;
  await setQuestionMails(db, question.id, false);
  return true;
}

/**
 * Mails about a question on or off (`on`); off also drops those waiting to be sent. `askerId`, when
 * given, must have asked it. The question's title, or null when there is no such question.
 */
export async function setQuestionMails(db: AppDb, questionId: string, on: boolean, askerId?: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(communityQuestions)
      .set({ mailsOff: !on })
      .where(and(eq(communityQuestions.id, questionId), askerId ? eq(communityQuestions.userId, askerId) : undefined))
      .returning({ title: communityQuestions.title });
    if (!changed) return null;
    if (!on) {
      await tx
        .delete(mailQueue)
        .where(
          and(
            eq(mailQueue.questionId, questionId),
            inArray(mailQueue.kind, [communityMailKinds.published, communityMailKinds.answered]),
            eq(mailQueue.status, "queued"),
          ),
        );
    }
    return changed.title;
  });
}
