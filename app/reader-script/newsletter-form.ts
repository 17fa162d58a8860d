import { showToast } from "#app/lib/toast";
import { hooked, hooks } from "#app/lib/reader-hooks";

/** Posts the subscribe form in the background; the message of the reply page (/newsletter) becomes a toast. */
async function subscribe(form: HTMLFormElement) {
  const button = form.querySelector("button");
  if (button) button.disabled = true;
  try {
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form)) body.append(name, String(value));
    const response = await fetch(form.action, { method: "POST", body, headers: { Accept: "text/html" } });
    const reply = new DOMParser().parseFromString(await response.text(), "text/html").querySelector("main [role=status], main [role=alert]");
    // Something unexpected: the plain way, a page load.
    if (!reply) return form.submit();
    const subscribed = reply.getAttribute("role") === "status";
    showToast({ type: subscribed ? "success" : "error", title: reply.textContent ?? "" });
    if (subscribed) form.reset();
  } catch {
    showToast({ type: "error", title: "You are not subscribed yet", description: "Check your connection and try again." });
  } finally {
    if (button) button.disabled = false;
  }
}

/** The newsletter form of the home and article pages subscribes without leaving the page. */
export function enhanceNewsletterForm() {
  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (!form.matches(hooked(hooks.newsletterForm))) return;
    event.preventDefault();
    void subscribe(form);
  });
}
