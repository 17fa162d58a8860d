// A question page kept for everyone, seen by a signed-in reader: her parts of it (her votes, what
// she may edit or accept, her posts that wait) come from /api/viewer and are set here by the same
// rules the page rendered for her uses (readerSees).
import { hooked, hooks } from "#app/lib/reader-hooks";
import { readerSees, takeBackVote, type QuestionViewerState, type ReaderPart } from "#app/lib/question-viewer";

/** The question whose reader's parts this page waits for, or null on any other page. */
export const questionOnPage = () => document.querySelector(hooked(hooks.questionViewer))?.getAttribute(hooks.questionViewer) ?? null;

export function showQuestionViewer(state: QuestionViewerState) {
  document.querySelectorAll<HTMLElement>(hooked(hooks.postStep)).forEach((part) => {
    const postId = part.getAttribute(hooks.postId)!;
    part.hidden = !readerSees(state, part.getAttribute(hooks.postStep) as ReaderPart, postId);
    const intent = part.querySelector<HTMLInputElement>('input[name="intent"]');
    if (part.getAttribute(hooks.postStep) === "vote" && intent && state.voted.includes(postId)) {
      intent.value = takeBackVote.intent(intent.value);
      part.querySelector("button")!.firstChild!.textContent = takeBackVote.label;
    }
  });
}
