import { hooked, hooks } from "./reader-hooks";

export interface Toast {
  title: string;
  description?: string;
  type: "success" | "error" | "info";
}

// The one toast of both front ends. Every page renders the notification region with a hidden
// model toast (components/site/toasts.tsx); showToast shows a copy of it, so the markup is written
// once, and the server's toast of a reader page is rendered from it too. Its look is `.toast` in
// app.css. Plain DOM, no React: the reader script and hydrated pages call the same function.

/** How long a toast stays. */
const shownForMs = 4000;

/** The toast leaves after a while, or at once by its close button. */
function dismissible(toast: Element) {
  const dismiss = () => toast.remove();
  toast.querySelector("button")?.addEventListener("click", dismiss);
  setTimeout(dismiss, shownForMs);
}

/** Shows a toast in the page's notification region, a live region that announces it. */
export function showToast({ title, description, type }: Toast) {
  const model = document.querySelector(hooked(hooks.toastModel));
  if (!model) return;
  const toast = model.cloneNode(true) as HTMLElement;
  toast.removeAttribute(hooks.toastModel);
  toast.setAttribute(hooks.toast, type);
  toast.hidden = false;
  const [heading, detail] = toast.querySelectorAll("p");
  heading!.textContent = title;
  if (description) detail!.textContent = description;
  else detail!.remove();
  model.parentElement!.append(toast);
  dismissible(toast);
}

/** The toast the server rendered into a reader page (after a redirect) leaves like the others. */
export function dismissServerToasts() {
  document.querySelectorAll(hooked(hooks.toast)).forEach(dismissible);
}
