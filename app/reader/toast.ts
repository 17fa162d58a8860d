import type { Toast } from "#app/lib/toast";

const shownForMs = 4000;

function dismissLater(toast: Element) {
  setTimeout(() => toast.remove(), shownForMs);
}

/** Shows a toast in the page's notification region (root.tsx renders it on reader pages). */
export function showToast({ title, description, type }: Toast) {
  const region = document.querySelector("[data-reader-toasts]");
  if (!region) return;
  // The region is a live region: it announces the toast, which needs no role of its own.
  const toast = document.createElement("div");
  toast.dataset.toast = type;
  toast.className = "reader-toast";
  const heading = document.createElement("p");
  heading.className = "font-semibold";
  heading.textContent = title;
  toast.append(heading);
  if (description) {
    const detail = document.createElement("p");
    detail.className = "text-sm";
    detail.textContent = description;
    toast.append(detail);
  }
  region.append(toast);
  dismissLater(toast);
}

/** The toast the server rendered into the page (after a redirect) leaves like the others. */
export function dismissServerToasts() {
  document.querySelectorAll("[data-reader-toasts] [data-toast]").forEach(dismissLater);
}
