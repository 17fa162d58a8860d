import { validateComment } from "#app/lib/comment-schema";
import { showToast } from "#app/lib/toast";
import { hooked, hooks } from "#app/lib/reader-hooks";

function showError(form: HTMLFormElement, message: string) {
  const error = form.querySelector<HTMLElement>("#comment-error");
  const field = form.querySelector<HTMLTextAreaElement>("textarea");
  if (error) {
    error.textContent = message;
    error.hidden = false;
  }
  field?.setAttribute("aria-invalid", "true");
  field?.setAttribute("aria-describedby", "comment-hint comment-error");
  field?.focus();
}

/** Posts the form in the background; the answer is the article page with the form's result, whose comment section replaces ours. */
async function post(form: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  if (button) {
    button.disabled = true;
    button.textContent = "Posting...";
  }
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) body.append(name, String(value));
  let html: string;
  let landedOn: string;
  try {
    const response = await fetch(form.action, { method: "POST", body, headers: { Accept: "text/html" } });
    html = await response.text();
    landedOn = response.url;
  } catch {
    if (button) {
      button.disabled = false;
      button.textContent = "Post Comment";
    }
    showToast({ type: "error", title: "Your comment was not sent", description: "Check your connection and try again." });
    return;
  }
  const incoming = new DOMParser().parseFromString(html, "text/html").getElementById("comments");
  const current = document.getElementById("comments");
  // Signed out meanwhile (sent to the sign-in page), or something unexpected: show that page.
  if (!incoming || !current) return location.assign(landedOn);
  current.replaceWith(incoming);
  // As on the page a plain post answers: the focus on the message, or on the refused text.
  incoming.querySelector<HTMLElement>("[autofocus]")?.focus();
  const confirmation = incoming.querySelector(`${hooked(hooks.commentForm)} [role=status]`)?.textContent;
  const refused = incoming.querySelector("#comment-error:not([hidden])")?.textContent;
  if (confirmation) showToast({ type: "success", title: confirmation });
  else if (refused) showToast({ type: "error", title: refused });
}

/** The comment form checks the text first (same rule as the server), then posts without leaving the page. */
export function enhanceCommentForm() {
  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (!form.matches(hooked(hooks.commentForm))) return;
    event.preventDefault();
    const checked = validateComment(new FormData(form).get("content"));
    if (!checked.ok) showError(form, checked.error);
    else void post(form);
  });
}
