import { eq } from "drizzle-orm";
import { communityQuestions } from "#database/schema";

/** The one rule for public readers of Ask Kafundisha: only published questions exist. */
export const publishedQuestionsOnly = eq(communityQuestions.status, "published");
