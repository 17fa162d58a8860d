import { showToast } from "#app/lib/toast";
import { signedOutToast, viewerAttribute, viewerPath, type ViewerAnswer } from "#app/lib/viewer";
import { onPageShown } from "./page-swap";
import { questionOnPage, showQuestionViewer } from "./question-viewer";

const root = document.documentElement;

/** The private request: who is signed in and, on a question page, what of it is theirs. Null offline. */
const askViewer = (question: string | null) =>
  fetch(question ? `${viewerPath}?question=${question}` : viewerPath, { credentials: "same-origin", cache: "no-store" })
    .then((response) => (response.ok ? (response.json() as Promise<ViewerAnswer>) : null))
    .catch(() => null); // offline: the page stays as the hint showed it

/**
 * A signed-in reader's page (the one kept for everyone, their variant shown by the hint) asks once
 * who they are: a session ended meanwhile shows the guest's variant and says why, and a role that
 * changed shows its links; on a question page, what of it is theirs. A guest's page asks nothing.
 */
export function checkViewer() {
  if (!root.hasAttribute(viewerAttribute)) return;
  void askViewer(questionOnPage()).then((answer) => {
    if (!answer) return;
    if (answer.viewer) root.setAttribute(viewerAttribute, answer.viewer.hint);
    else root.removeAttribute(viewerAttribute);
    if (answer.signedOut) showToast(signedOutToast(answer.signedOut));
    if (answer.question) showQuestionViewer(answer.question);
  });
  // A question page reloaded in place (a new answer, live) comes as kept for everyone: their parts are set again.
  onPageShown(() => {
    const question = questionOnPage();
    if (question && root.hasAttribute(viewerAttribute)) void askViewer(question).then((answer) => answer?.question && showQuestionViewer(answer.question));
  });
}
