import { showToast } from "#app/lib/toast";
import { signedOutToast, viewerAttribute, viewerPath, type ViewerAnswer } from "#app/lib/viewer";
import { questionOnPage, showQuestionViewer } from "./question-viewer";

/**
 * A signed-in reader's page (the one kept for everyone, their variant shown by the hint) asks once
 * who they are: a session ended meanwhile shows the guest's variant and says why, and a role that
 * changed shows its links; on a question page, what of it is theirs. A guest's page asks nothing.
 */
export function checkViewer() {
  const root = document.documentElement;
  if (!root.hasAttribute(viewerAttribute)) return;
  const question = questionOnPage();
  void fetch(question ? `${viewerPath}?question=${question}` : viewerPath, { credentials: "same-origin", cache: "no-store" })
    .then((response) => (response.ok ? (response.json() as Promise<ViewerAnswer>) : null))
    .then((answer) => {
      if (!answer) return;
      if (answer.viewer) root.setAttribute(viewerAttribute, answer.viewer.hint);
      else root.removeAttribute(viewerAttribute);
      if (answer.signedOut) showToast(signedOutToast(answer.signedOut));
      if (answer.question) showQuestionViewer(answer.question);
    })
    .catch(() => {}); // offline: the page stays as the hint showed it
}
