// What a teacher looks for: the level a lesson is for, its subjects, what kind of resource it is,
// and the language it is written in. Zambia's 2023 curriculum framework (ECE; Grades 1–6; Forms 1–4;
// Forms 5–6) beside the 2013 structure's Grades 7–12, which many materials still follow.

export interface LevelOption {
  value: string;
  label: string;
  framework: "2023" | "2013";
}

const numbered = (prefix: "grade" | "form", name: string, numbers: number[], framework: LevelOption["framework"], suffix = "") =>
  numbers.map((n) => ({ value: `${prefix}-${n}`, label: `${name} ${n}${suffix}`, framework }));

export const levels: readonly LevelOption[] = [
  { value: "ece", label: "ECE", framework: "2023" },
  ...numbered("grade", "Grade", [1, 2, 3, 4, 5, 6], "2023"),
  ...numbered("form", "Form", [1, 2, 3, 4, 5, 6], "2023"),
  ...numbered("grade", "Grade", [7, 8, 9, 10, 11, 12], "2013", " (2013 curriculum)"),
];

export type Level = string;

export const isLevel = (value: string): value is Level => levels.some((level) => level.value === value);

export const levelLabel = (value: string) => levels.find((level) => level.value === value)?.label ?? value;

export const resourceTypes = [
  { value: "lesson-plan", label: "Lesson plan" },
  { value: "scheme-of-work", label: "Scheme of work" },
  { value: "worksheet", label: "Worksheet" },
  { value: "assessment", label: "Assessment" },
  { value: "reading", label: "Reading" },
  { value: "guide", label: "Guide" },
] as const;

export type ResourceType = (typeof resourceTypes)[number]["value"];

export const isResourceType = (value: string): value is ResourceType => resourceTypes.some((type) => type.value === value);

export const resourceTypeLabel = (value: string) => resourceTypes.find((type) => type.value === value)?.label ?? value;

/**
 * The languages offered first when writing (BCP 47): English, and the seven Zambian languages of
 * instruction in the early grades, named as their speakers name them. Any other well-formed tag is allowed.
 */
export const pickerLanguages = [
  { tag: "en", name: "English" },
  { tag: "bem", name: "Icibemba" },
  { tag: "ny", name: "Chinyanja" },
  { tag: "toi", name: "Chitonga" },
  { tag: "loz", name: "Silozi" },
  { tag: "kqn", name: "Kikaonde" },
  { tag: "lun", name: "Chilunda" },
  { tag: "lue", name: "Luvale" },
] as const;

export const defaultLanguage = "en";

/** A language's name for readers: the picker's, else the browser's English name for the tag, else the tag. */
export function languageName(tag: string): string {
  const picked = pickerLanguages.find((language) => language.tag === tag.toLowerCase());
  if (picked) return picked.name;
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** A well-formed BCP 47 language tag in its canonical case ("en-GB", "ny"), or null. */
export function canonicalLanguage(value: string): string | null {
  const trimmed = value.trim();
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(trimmed)) return null;
  try {
    return Intl.getCanonicalLocales(trimmed)[0] ?? null;
  } catch {
    return null;
  }
}
