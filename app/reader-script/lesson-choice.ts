// The grade and language a teacher chose on /resources, kept on her device and offered again on
// the home page as one link: the cached home page is the same for everyone, so the script fills it.
import { hooked, hooks } from "#app/lib/reader-hooks";
import { lessonResultsAnchor, resourcesPath } from "#app/lib/resource-feeds";

const storageKey = "lesson_choice";

interface LessonChoice {
  /** "?level=grade-4&lang=ny" */
  search: string;
  /** "Grade 4 · Chinyanja" */
  label: string;
}

/** On /resources with a grade or a language chosen: remembered, named as the page's selects name them. */
export function rememberLessonChoice() {
  if (location.pathname !== resourcesPath) return;
  const shown = new URLSearchParams(location.search);
  const search = new URLSearchParams();
  const labels: string[] = [];
  for (const name of ["level", "lang"]) {
    const value = shown.get(name);
    const option = document.querySelector<HTMLSelectElement>(`select#list-${name}`)?.selectedOptions[0];
    if (!value || option?.value !== value) continue;
    search.set(name, value);
    labels.push(option.text.replace(/ \(.*\)$/, ""));
  }
  if (labels.length === 0) return;
  const choice: LessonChoice = { search: `?${search}`, label: labels.join(" · ") };
  try {
    localStorage.setItem(storageKey, JSON.stringify(choice));
  } catch {
    // without storage the home page simply offers the grades again
  }
}

function rememberedChoice(): LessonChoice | null {
  try {
    const choice = JSON.parse(localStorage.getItem(storageKey) ?? "null") as Partial<LessonChoice> | null;
    return typeof choice?.search === "string" && choice.search.startsWith("?") && typeof choice.label === "string" ? (choice as LessonChoice) : null;
  } catch {
    return null;
  }
}

/** The home page's "Your lessons: Grade 4 · Chinyanja", when a choice is remembered. */
export function offerLessonChoice() {
  const offer = document.querySelector<HTMLElement>(hooked(hooks.lessonChoice));
  const choice = offer && rememberedChoice();
  if (!offer || !choice) return;
  const link = offer.querySelector("a")!;
  link.href = `${resourcesPath}${choice.search}#${lessonResultsAnchor}`;
  link.querySelector("span")!.textContent = choice.label;
  offer.querySelector("p")!.hidden = true;
  link.hidden = false;
}
