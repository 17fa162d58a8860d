// Questions like the title a teacher is typing on Ask Kafundisha: what the endpoint answers
// (app/routes/api/similar-questions.ts) and the reader script shows (app/reader-script/similar-questions.ts).

export const similarQuestionsPath = "/api/questions/similar";

/** A title shorter than this is not searched yet. */
export const similarQuestionsMinLength = 8;

export interface SimilarQuestion {
  title: string;
  path: string;
  /** "3 answers" */
  answers: string;
}
