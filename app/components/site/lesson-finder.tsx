import { levels } from "#app/lib/curriculum";
import { articleListSearch } from "#app/lib/article-list-params";
import { hook, hooks } from "#app/lib/reader-hooks";
import { resourcesPath } from "#app/lib/resource-feeds";

/** "Grade 7", not "Grade 7 (2013 curriculum)": a chip names the class, the library says the rest. */
const shortLevel = (label: string) => label.replace(/ \(.*\)$/, "");

/**
 * The way in to Lesson Resources from the home page: a tap on a grade shows its lessons (the
 * language is one more tap there), and the grade and language chosen last time come back as one
 * link (the reader script fills it in: the page itself is the same for every reader).
 */
export function LessonFinder() {
  return (
    <section aria-labelledby="lessons-heading" className="mx-auto max-w-7xl px-4 pt-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="lessons-heading" className="text-2xl font-bold">
          Lesson Resources
        </h2>
        <a href={resourcesPath} className="font-medium text-accent underline-offset-4 hover:underline">
          All lesson resources
        </a>
      </div>
      {/* The remembered choice takes the line's place, at about its height: the grades below do not move under a thumb. */}
      <div {...hook(hooks.lessonChoice)} className="mt-2 flex min-h-12 items-center">
        <p className="text-muted-foreground">Lesson plans, worksheets and readings to use on Monday. Choose a grade:</p>
        <a
          hidden
          href={resourcesPath}
          className="items-center rounded-md bg-accent px-4 py-2 font-semibold text-accent-foreground inline-flex hover:opacity-90"
        >
          Your lessons: <span className="ml-1" />
        </a>
      </div>
      <ul aria-label="Grades" className="mt-4 grid grid-cols-4 gap-2 sm:flex sm:flex-wrap">
        {levels.map(({ value, label }) => (
          <li key={value}>
            <a
              href={`${resourcesPath}${articleListSearch({ level: value })}`}
              className="flex h-11 items-center justify-center rounded-md border border-border px-3 text-sm font-medium whitespace-nowrap hover:border-accent"
            >
              {shortLevel(label)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
