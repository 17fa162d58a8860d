// "Save for offline" on an article with resources: a dialog offers them, each with its size, beside
// the space this device has left. Nothing is fetched here; the reader's choice is handed back.
import { limitRefusal, usageText } from "#app/lib/offline";
import { formatFileSize } from "#app/lib/resource-files";
import { hooked, hooks } from "#app/lib/reader-hooks";

export interface OfferedResource {
  url: string;
  title: string;
  /** "Lesson plan · PDF · 1.2 MB" */
  facts: string;
  bytes: number;
}

/** The resources the page's Resources list links to, as its download links label them ("Download {title} ({facts})"). */
export function pageResources(): OfferedResource[] {
  return [...document.querySelectorAll<HTMLAnchorElement>(`main a${hooked(hooks.resourceBytes)}`)].map((link) => {
    const bytes = Number(link.getAttribute(hooks.resourceBytes));
    const [, title, facts] = /^Download (.+) \((.+)\)$/.exec(link.getAttribute("aria-label") ?? "") ?? [];
    return { url: link.pathname, title: title ?? decodeURIComponent(link.pathname.split("/").pop()!), facts: facts ?? formatFileSize(bytes), bytes };
  });
}

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = "") =>
  Object.assign(document.createElement(tag), { className, textContent: text });

const buttonClass = "rounded-md border px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2";

/**
 * Asks which resources to keep with the article: the chosen ones, or null when the reader cancels
 * (Cancel or Escape). A choice past the device's limit (`limit` MB, `used` bytes saved already) is
 * refused in the dialog, which stays open. Focus goes to the first resource, and back to `opener`.
 */
export function chooseResources(resources: OfferedResource[], used: number, limit: number, opener: HTMLElement): Promise<OfferedResource[] | null> {
  const dialog = element(
    "dialog",
    "m-auto w-[min(32rem,calc(100%-2rem))] rounded-xl border border-border bg-card p-5 text-card-foreground backdrop:bg-black/50",
  );
  dialog.setAttribute("aria-labelledby", "offer-resources-title");
  dialog.setAttribute("aria-describedby", "offer-resources-intro");
  const form = element("form", "");
  form.method = "dialog";
  const heading = element("h2", "text-lg font-bold", "Save for offline");
  heading.id = "offer-resources-title";
  const list = element("ul", "mt-3 divide-y divide-border");
  const boxes = resources.map((resource) => {
    const box = Object.assign(document.createElement("input"), { type: "checkbox", className: "mt-1 size-4 shrink-0" });
    const text = element("span", "");
    text.append(element("span", "block font-medium", resource.title), element("span", "block text-sm text-muted-foreground", resource.facts));
    const label = element("label", "flex gap-3 py-2");
    label.append(box, text);
    const item = element("li", "");
    item.append(label);
    list.append(item);
    return box;
  });
  const total = element("p", "mt-3 text-sm");
  total.setAttribute("aria-live", "polite");
  const refusal = element("p", "mt-2 text-sm font-medium text-destructive");
  refusal.setAttribute("role", "alert");
  const actions = element("div", "mt-4 flex justify-end gap-2");
  const cancel = element("button", `${buttonClass} border-input`, "Cancel");
  cancel.value = "";
  const save = element("button", `${buttonClass} border-accent bg-accent text-accent-foreground`, "Save");
  save.value = "save";
  actions.append(cancel, save);
  const intro = element(
    "p",
    "mt-1 text-sm text-muted-foreground",
    "The article is kept on this device. Choose the resources to keep with it; each is downloaded once, now.",
  );
  intro.id = "offer-resources-intro";
  form.append(heading, intro, list, total, refusal, actions);
  dialog.append(form);

  const chosen = () => resources.filter((_, index) => boxes[index]!.checked);
  const chosenBytes = () => chosen().reduce((sum, resource) => sum + resource.bytes, 0);
  const showTotal = () => {
    total.textContent = `Chosen: ${formatFileSize(chosenBytes())}. Using ${usageText(used, limit)} on this device.`;
    refusal.textContent = "";
  };
  form.addEventListener("change", showTotal);
  form.addEventListener("submit", (event) => {
    const refused = event.submitter === save && limitRefusal(used, chosenBytes(), limit);
    if (refused) {
      event.preventDefault();
      refusal.textContent = refused;
    }
  });
  showTotal();
  document.body.append(dialog);
  dialog.showModal();
  boxes[0]?.focus();
  return new Promise((resolve) =>
    dialog.addEventListener("close", () => {
      resolve(dialog.returnValue === "save" ? chosen() : null);
      dialog.remove();
      opener.focus();
    }),
  );
}
