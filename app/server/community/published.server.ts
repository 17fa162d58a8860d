import { eq } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { communityAnswers, communityQuestions } from "#database/schema";

/** The one rule for public readers of Ask Kafundisha: only published questions exist (`questions`: an alias of the table). */
export const isPublishedQuestion = (questions: { status: AnyPgColumn } = communityQuestions) => eq(questions.status, "published");

export const publishedQuestionsOnly = isPublishedQuestion();

/** …and only their published answers (a question's own rule still applies to its answers). */
export const publishedAnswersOnly = eq(communityAnswers.status, "published");
