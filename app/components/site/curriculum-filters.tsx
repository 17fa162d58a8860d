import { articleListSearch, curriculumFilterNames, type ArticleListParams, type CurriculumFilterName } from "#app/lib/article-list-params";
import { languageName, levels, pickerLanguages, resourceTypes } from "#app/lib/curriculum";
import { hook, hooks } from "#app/lib/reader-hooks";

/** A subject a list can be filtered by (its slug is the `subject` URL value). */
export interface SubjectOption {
  name: string;
  slug: string;
}

const fieldClass = "h-10 rounded-md border border-input bg-card px-3 text-sm text-foreground";

/** Each filter's options (value, label), the current value kept even when it is not among them (a language tag typed into a link). */
export function curriculumOptions(params: ArticleListParams, subjects: readonly SubjectOption[]) {
  const languages: Array<{ value: string; label: string }> = pickerLanguages.map(({ tag, name }) => ({ value: tag, label: name }));
  if (params.lang && !languages.some((language) => language.value === params.lang)) languages.push({ value: params.lang, label: languageName(params.lang) });
  return [
    { name: "level", label: "Grade", all: "All grades", options: levels.map(({ value, label }) => ({ value, label })) },
    { name: "subject", label: "Subject", all: "All subjects", options: subjects.map(({ slug, name }) => ({ value: slug, label: name })) },
    { name: "type", label: "Type", all: "All types", options: resourceTypes.map(({ value, label }) => ({ value, label })) },
    { name: "lang", label: "Language", all: "All languages", options: languages },
  ] satisfies Array<{ name: CurriculumFilterName; label: string; all: string; options: Array<{ value: string; label: string }> }>;
}

/**
 * Grade, subject, type and language selects, inside a list's GET form: without JavaScript the
 * reader picks and presses "Apply filters" (shown only then); the reader script shows the list as soon as one changes.
 */
export function CurriculumSelects({ params, subjects }: { params: ArticleListParams; subjects: readonly SubjectOption[] }) {
  return (
    <fieldset className="grid w-full grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
      <legend className="sr-only">Filter by grade, subject, type and language</legend>
      {curriculumOptions(params, subjects).map(({ name, label, all, options }) => (
        <div key={name} className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`list-${name}`} className="text-sm font-medium">
            {label}
          </label>
          <select
            id={`list-${name}`}
            name={name}
            defaultValue={params[name] ?? ""}
            {...hook(hooks.submitOnChange)}
            className={`${fieldClass} w-full sm:w-auto sm:max-w-56`}
          >
            <option value="">{all}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      {/* Only without scripting: with it, each choice shows its list at once. */}
      <button
        type="submit"
        className="hidden h-10 items-center rounded-md border border-input bg-card px-4 text-sm font-semibold text-foreground noscript:inline-flex hover:bg-muted"
      >
        Apply filters
      </button>
    </fieldset>
  );
}

/** How many resources each filter value has here (lessonResourceFacets), for CurriculumLinks. */
export type FilterCounts = Record<CurriculumFilterName, Record<string, number>>;

/** A school pack offers pages of up to two filters at once (a grade in a language, say): enough to find a lesson, few enough to pack. */
export const packFilterLimit = 2;

/** A filter as a rounded chip (a link). */
export const filterChipClass = "inline-flex items-center gap-1 rounded-full border border-input bg-muted px-3 py-1 text-sm text-foreground hover:bg-secondary";

/**
 * The filters as links, for a school pack read without a server: a pack has no form, so each grade,
 * subject, type and language that has resources here is a page of its own, with its count.
 */
export function CurriculumLinks({
  path,
  params,
  subjects,
  counts,
}: {
  path: string;
  params: ArticleListParams;
  subjects: readonly SubjectOption[];
  counts: FilterCounts;
}) {
  const chosen = Object.fromEntries(curriculumFilterNames.map((name) => [name, params[name]]));
  if (Object.values(chosen).filter(Boolean).length >= packFilterLimit) return null;
  const groups = curriculumOptions(params, subjects)
    .filter(({ name }) => !params[name])
    .map(({ name, label, options }) => {
      const known = new Set(options.map((option) => option.value));
      const others = Object.keys(counts[name])
        .filter((value) => !known.has(value))
        .map((value) => ({ value, label: name === "lang" ? languageName(value) : value }));
      return { name, label, options: [...options, ...others].filter((option) => counts[name][option.value]) };
    })
    .filter(({ options }) => options.length > 0);
  if (groups.length === 0) return null;
  return (
    <nav aria-labelledby="filter-links" className="flex flex-col gap-3">
      <h2 id="filter-links" className="text-lg font-bold">
        {Object.values(chosen).some(Boolean) ? "Narrow these down" : "Find a lesson"}
      </h2>
      {groups.map(({ name, label, options }) => (
        <div key={name} className="flex flex-col gap-1">
          <h3 className="text-sm font-medium">{label}</h3>
          <ul className="flex flex-wrap gap-2">
            {options.map((option) => (
              <li key={option.value}>
                <a href={`${path}${articleListSearch({ ...chosen, [name]: option.value })}`} className={filterChipClass}>
                  {`${option.label} (${counts[name][option.value]})`}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
