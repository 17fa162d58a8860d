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
};

/** What a refused save answers: field errors, everything that was typed, and the toast to show. */
export interface ArticleFormFailure {
  errors: Partial<Record<keyof ArticleFormValues, string>>;
  values: ArticleFormValues;
  toast: Toast;
}

/** What the article forms say when the title, the content or the category is missing (articleFormSchema's message). */
export const missingArticleFieldsText = "Missing fields: Title, content, and category are required.";
