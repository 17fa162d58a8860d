import { articleListSearch, parseArticleListParams } from "#app/lib/article-list-params";
import { hooked, hooks } from "#app/lib/reader-hooks";
import { showPage } from "./page-swap";

/** Wait after the last keystroke before the search reaches the URL. */
const searchDebounceMs = 300;

const isListForm = (form: HTMLFormElement) => form.method.toLowerCase() === "get" && form.closest("#main") !== null;

/** The list URL a GET form asks for, in the short form the server links use (defaults left out). */
function listUrl(form: HTMLFormElement, submitter?: HTMLElement | null): URL {
  const url = new URL(form.action, location.href);
  const fields = new URLSearchParams();
  for (const [name, value] of new FormData(form, submitter as HTMLButtonElement | null)) fields.append(name, String(value));
  url.search = articleListSearch(parseArticleListParams(fields));
  return url;
}

/** A select the reader changed from the option the page was rendered with. */
function differsFromRendered(select: HTMLSelectElement): boolean {
  const rendered = [...select.options].find((option) => option.defaultSelected) ?? select.options[0];
  return rendered !== undefined && select.value !== rendered.value;
}

const samePage = (url: URL) => url.origin === location.origin && url.pathname === location.pathname;

/**
 * Search, filters, sort, view, chips and page links of a list update the list in place: the
 * search as the reader types (debounced, replacing the history entry), the rest as new entries.
 */
export function enhanceListNavigation() {
  let pending: ReturnType<typeof setTimeout> | undefined;
  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (!isListForm(form)) return;
    const url = listUrl(form, event.submitter);
    if (!samePage(url)) return;
    event.preventDefault();
    clearTimeout(pending);
    void showPage(url.href, { history: "push" });
  });

  document.addEventListener("change", (event) => {
    const field = event.target as HTMLElement;
    if (field.matches(hooked(hooks.submitOnChange))) (field as HTMLSelectElement).form?.requestSubmit();
  });

  const searchSoon = (form: HTMLFormElement) => {
    clearTimeout(pending);
    pending = setTimeout(() => {
      const url = listUrl(form);
      if (url.search !== location.search) void showPage(url.href, { history: "replace" });
    }, searchDebounceMs);
  };
  document.addEventListener("input", (event) => {
    const input = event.target as HTMLInputElement;
    if (input.matches(hooked(hooks.listSearch)) && input.form) searchSoon(input.form);
  });
  // What the reader did before this script was ready (it loads once the page has painted) is
  // done now: a filter or sort chosen shows its list, words typed are searched for.
  const chosenEarly = [...document.querySelectorAll<HTMLSelectElement>(`select${hooked(hooks.submitOnChange)}`)].find(differsFromRendered);
  const typedEarly = document.querySelector<HTMLInputElement>(`input${hooked(hooks.listSearch)}`);
  if (chosenEarly?.form) chosenEarly.form.requestSubmit();
  else if (typedEarly?.form && typedEarly.value !== (new URLSearchParams(location.search).get("q") ?? "")) searchSoon(typedEarly.form);

  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest("a");
    if (!link || !link.closest("#main") || link.target || link.hasAttribute("download")) return;
    const url = new URL(link.href, location.href);
    if (!samePage(url) || !document.querySelector(hooked(hooks.listForm))) return;
    event.preventDefault();
    clearTimeout(pending);
    void showPage(url.href, { history: "push" });
  });
}
