import type { Toast } from "./toast";

/** The article form's fields, shared by the form and the action that reads it. */
export const articleFieldNames = [
  "title",
  "excerpt",
  "content",
  "categoryId",
  "tags",
  "status",
  "featuredImageUrl",
  "featuredImageAlt",
  "scheduledAt",
  "level",
  "subjects",
  "resourceType",
  "language",
  "languageOther",
  "translationOf",
] as const;
export type ArticleFormValues = Record<(typeof articleFieldNames)[number], string>;

export const emptyArticleValues: ArticleFormValues = {
  title: "",
  excerpt: "",
  content: "",
  categoryId: "",
  tags: "",
  status: "draft",
  featuredImageUrl: "",
  featuredImageAlt: "",
  scheduledAt: "",
  level: "",
  subjects: "",
  resourceType: "",
  language: "en",
  languageOther: "",
  translationOf: "",
};

/** The form's choice that opens the free language field (any well-formed BCP 47 tag). */
export const otherLanguageChoice = "other";

/** A field's value as the form holds it: the subjects ticked, their ids joined by commas; any other field as typed. */
export function articleFieldValue(form: FormData, field: (typeof articleFieldNames)[number]): string {
  if (field === "subjects")
    return form
      .getAll(field)
      .filter((value) => typeof value === "string" && value !== "")
      .join(",");
  const value = form.get(field);
  return typeof value === "string" ? value : "";
}

/** What a refused save answers: field errors, everything that was typed, and the toast to show. */
export interface ArticleFormFailure {
  errors: Partial<Record<keyof ArticleFormValues, string>>;
  values: ArticleFormValues;
  toast: Toast;
}

/** What the article forms say when the title, the content or the category is missing (articleFormSchema's message). */
export const missingArticleFieldsText = "Missing fields: Title, content, and category are required.";
