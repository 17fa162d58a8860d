import { languageName, levelLabel, levels } from "./curriculum";
import { slugify } from "./slug";

// What a school chooses to put in its pack: grades, subjects and languages. Each kind left empty
// takes everything; an article written for no grade (or no subject) is for every one, so it stays.

export interface PackSelection {
  /** Levels' values ("grade-4"), in the curriculum's order. */
  levels: string[];
  /** Subjects' slugs. */
  subjects: string[];
  /** Language tags (BCP 47). */
  languages: string[];
}

export const wholeMagazine: PackSelection = { levels: [], subjects: [], languages: [] };

export const wholeMagazineLabel = "The whole magazine";

export const isWholeMagazine = ({ levels, subjects, languages }: PackSelection) => levels.length + subjects.length + languages.length === 0;

/** The selection in one order whatever order it was ticked in: levels as the curriculum lists them, the rest sorted. */
export function orderedSelection(selection: PackSelection): PackSelection {
  const levelOrder = (value: string) => levels.findIndex((level) => level.value === value);
  return {
    levels: [...new Set(selection.levels)].sort((a, b) => levelOrder(a) - levelOrder(b)),
    subjects: [...new Set(selection.subjects)].sort(),
    languages: [...new Set(selection.languages)].sort(),
  };
}

/** "Grade 4, Grade 5 · Literacy · Chinyanja", or "The whole magazine"; `subjectName` names a subject's slug. */
export function selectionLabel(selection: PackSelection, subjectName: (slug: string) => string): string {
  if (isWholeMagazine(selection)) return wholeMagazineLabel;
  return [selection.levels.map(levelLabel), selection.subjects.map(subjectName), selection.languages.map(languageName)]
    .filter((names) => names.length > 0)
    .map((names) => names.join(", "))
    .join(" · ");
}

const slugLength = 60;

/** The selection as part of a file name ("grade-4-literacy-ny"), at most 60 characters; empty for the whole magazine. */
export function selectionSlug(selection: PackSelection): string {
  const slug = slugify([...selection.levels, ...selection.subjects, ...selection.languages].join("-"));
  return slug.length <= slugLength ? slug : slug.slice(0, slugLength).replace(/-[^-]*$/, "");
}
