import type { Route } from "./+types/similar-questions";
import { searchQuestions } from "#app/server/community/community.server";
import { services } from "#app/server/core/services.server";
import { plural } from "#app/lib/plural";
import { questionPath } from "#app/lib/community";
import { similarQuestionsMinLength, type SimilarQuestion } from "#app/lib/similar-questions";
import { refuseWhileAskKafundishaClosed } from "#app/server/core/site-settings.server";

/** How many a title being typed is shown: enough to recognise one's question, few enough for a phone. */
const shown = 5;

/**
 * The published questions most like a title being typed on Ask Kafundisha (the reader script asks
 * as the teacher types): full-text ranked, as the list's search is. Public, as that list is.
 */
export async function loader({ request }: Route.LoaderArgs) {
  refuseWhileAskKafundishaClosed();
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  const found = q.length < similarQuestionsMinLength ? [] : (await searchQuestions(services().db, { q })).questions.slice(0, shown);
  const answer: SimilarQuestion[] = found.map((question) => ({
    title: question.title,
    path: questionPath(question),
    answers: plural(question.answers, { one: "answer", other: "answers" }),
  }));
  return Response.json(answer, { headers: { "Cache-Control": "public, max-age=60" } });
}
