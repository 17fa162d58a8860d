// Ask Kafundisha: as a teacher types her question's title, the questions most like it are offered
// under the field, so she may find her answer before asking. Without a script the form simply posts.
import { hooked, hooks } from "#app/lib/reader-hooks";
import { similarQuestionsMinLength, similarQuestionsPath, type SimilarQuestion } from "#app/lib/similar-questions";

/** Wait after the last keystroke before asking. */
const typingPauseMs = 400;

function questionItem({ title, path, answers }: SimilarQuestion) {
  const link = Object.assign(document.createElement("a"), {
    href: path,
    textContent: title,
    className: "font-medium text-accent underline-offset-2 hover:underline",
  });
  const item = document.createElement("li");
  item.append(link, ` · ${answers}`);
  return item;
}

export function offerSimilarQuestions() {
  const offer = document.querySelector<HTMLElement>(hooked(hooks.similarQuestions));
  const title = offer && document.getElementById(offer.getAttribute(hooks.similarQuestions)!);
  if (!offer || !(title instanceof HTMLInputElement)) return;
  const content = offer.firstElementChild as HTMLElement;
  let pause: ReturnType<typeof setTimeout> | undefined;
  let asked = "";
  title.addEventListener("input", () => {
    clearTimeout(pause);
    pause = setTimeout(async () => {
      const words = title.value.trim();
      if (words === asked) return;
      asked = words;
      let found: SimilarQuestion[] = [];
      if (words.length >= similarQuestionsMinLength) {
        const response = await fetch(`${similarQuestionsPath}?q=${encodeURIComponent(words)}`).catch(() => null);
        found = response?.ok ? ((await response.json()) as SimilarQuestion[]) : [];
      }
      if (asked !== words) return; // typed on meanwhile: a newer answer comes
      content.querySelector("ul")!.replaceChildren(...found.map(questionItem));
      content.hidden = found.length === 0;
    }, typingPauseMs);
  });
}
