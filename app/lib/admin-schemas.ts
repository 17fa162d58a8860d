import { roles } from "./access";
import { z } from "zod";
import { slugify } from "./slug";
import { isUuid } from "./uuid";
import { parseTagNames } from "./tags";
import { validateDisplayName } from "./comment-schema";
import { canonicalLanguage, isLevel, isResourceType } from "./curriculum";
import { otherLanguageChoice } from "./article-form-values";

/** Trimmed text; blank becomes null (excerpt, image URL, description, icon, bio…). */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || null)
    .refine((value) => value === null || value.length <= max, { message: `${label} must be at most ${max} characters.` });

/** An image address: uploaded here (/uploads/…) or on the web; blank becomes null. */
const imageUrlField = (label: string) =>
  optionalText(2048, label).refine((value) => value === null || /^(https?:\/\/|\/uploads\/)/.test(value), {
    message: `${label} must start with http://, https:// or /uploads/.`,
  });

export const malformedLanguageText = "Language must be a language tag such as ny, bem or en-GB (BCP 47).";
export const unknownSubjectText = "One of the subjects chosen no longer exists. Please choose again.";

/** A select's value from a fixed list; blank becomes null. */
const choiceField = (isChoice: (value: string) => boolean, message: string) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || null)
    .refine((value) => value === null || isChoice(value), { message });

/** The language chosen, or typed under "Other…", in its canonical case; null when it is not a well-formed tag. Blank: English. */
export function languageOf({ language, languageOther }: { language?: string; languageOther?: string }): string | null {
  const chosen = language === otherLanguageChoice ? (languageOther ?? "") : language?.trim() || "en";
  return canonicalLanguage(chosen);
}

const missingArticleFields = "Missing fields: Title, content, and category are required.";

/** An article's statuses; "pending" is a contributor's draft submitted for review. */
export const articleStatuses = ["draft", "pending", "published", "scheduled"] as const;
export const scheduleMissingText = "Choose the date and time to publish.";
export const imageAltMissingText = "Describe the featured image for readers who cannot see it (alt text).";

export const articleFormSchema = z
  .object({
    title: z
      .string({ message: missingArticleFields })
      .trim()
      .min(1, { message: missingArticleFields })
      .max(300, { message: "Title must be at most 300 characters." }),
    excerpt: optionalText(1000, "Excerpt"),
    content: z.string({ message: missingArticleFields }).trim().min(1, { message: missingArticleFields }).max(200_000, { message: "Content is too long." }),
    categoryId: z.uuid({ message: missingArticleFields }),
    tags: z
      .string()
      .optional()
      .transform((value, context) => {
        const parsed = parseTagNames(value ?? "");
        if (parsed.ok) return parsed.tags;
        context.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }),
    status: z.enum(articleStatuses).default("draft"),
    featuredImageUrl: imageUrlField("Image URL"),
    featuredImageAlt: optionalText(300, "Alt text"),
    // A datetime-local value in the site's time zone; read only for a scheduled article.
    scheduledAt: z
      .string()
      .optional()
      .transform((value) => value?.trim() ?? ""),
    level: choiceField(isLevel, "Choose a level from the list."),
    resourceType: choiceField(isResourceType, "Choose a resource type from the list."),
    // The ids of the subjects ticked, joined by commas (articleFieldValue).
    subjects: z
      .string()
      .optional()
      .transform((value) => [...new Set((value ?? "").split(",").filter(Boolean))])
      .refine((ids) => ids.every(isUuid), { message: unknownSubjectText })
      .refine((ids) => ids.length <= 24, { message: "Choose at most 24 subjects." }),
    language: z.string().optional(),
    languageOther: z.string().optional(),
    // Another article's id: this one joins its translations. Blank: in no group.
    translationOf: z
      .string()
      .optional()
      .transform((value) => value?.trim() || null)
      .refine((value) => value === null || isUuid(value), { message: "Choose the article this one translates from the list." }),
  })
  .superRefine((article, context) => {
    if (languageOf(article) === null) {
      const field = article.language === otherLanguageChoice ? "languageOther" : "language";
      context.addIssue({ code: "custom", message: malformedLanguageText, path: [field] });
    }
  })
  .refine((article) => article.status !== "scheduled" || article.scheduledAt !== "", { message: scheduleMissingText, path: ["scheduledAt"] })
  // A draft may wait for its alt text; what readers see may not.
  .refine((article) => article.status === "draft" || !article.featuredImageUrl || article.featuredImageAlt, {
    message: imageAltMissingText,
    path: ["featuredImageAlt"],
  });
export type ArticleFormInput = z.output<typeof articleFormSchema>;

/** What a teacher looks for in an article: its level, subjects, kind of resource, language and translations. */
export interface ArticleCurriculum {
  level: string | null;
  resourceType: string | null;
  subjectIds: string[];
  /** Canonical BCP 47. */
  language: string;
  /** Another article's id, whose translation group this one joins; null: none. */
  translationOf: string | null;
}

/** The curriculum fields of a parsed form, apart from the rest. */
export function curriculumOf({ level, resourceType, subjects, language, languageOther, translationOf, ...rest }: ArticleFormInput) {
  const curriculum: ArticleCurriculum = { level, resourceType, subjectIds: subjects, language: languageOf({ language, languageOther }) ?? "en", translationOf };
  return { curriculum, rest };
}

export const missingCategoryFields = "Name and slug are required.";

export const categoryFormSchema = z.object({
  name: z
    .string({ message: missingCategoryFields })
    .trim()
    .min(1, { message: missingCategoryFields })
    .max(100, { message: "Name must be at most 100 characters." }),
  // Normalised by the spec's rule; a slug of only symbols normalises to "" and is refused.
  slug: z
    .string({ message: missingCategoryFields })
    .transform((value) => slugify(value.trim()))
    .pipe(z.string().min(1, { message: missingCategoryFields }).max(100, { message: "Slug must be at most 100 characters." })),
  description: optionalText(500, "Description"),
  icon: optionalText(60, "Icon"),
  // Where it comes on the public site: 1 first; blank, after the numbered ones, by name.
  position: z
    .string()
    .optional()
    .transform((value, context) => {
      const text = value?.trim();
      if (!text) return null;
      const place = Number(text);
      if (Number.isInteger(place) && place >= 1 && place <= 999) return place;
      context.addIssue({ code: "custom", message: "Place must be a whole number from 1 to 999." });
      return z.NEVER;
    }),
});
export type CategoryFormInput = z.output<typeof categoryFormSchema>;

const missingSubjectName = "Name is required.";

/** A subject of the curriculum (app/routes/admin/subjects.tsx); a blank slug is made from the name. */
export const subjectFormSchema = z
  .object({
    name: z
      .string({ message: missingSubjectName })
      .trim()
      .min(1, { message: missingSubjectName })
      .max(100, { message: "Name must be at most 100 characters." }),
    slug: z
      .string()
      .optional()
      .transform((value) => slugify(value?.trim() ?? "")),
    position: z.coerce
      .number({ message: "Position must be a whole number of 0 or more." })
      .int({ message: "Position must be a whole number of 0 or more." })
      .min(0, { message: "Position must be a whole number of 0 or more." })
      .max(10_000, { message: "Position must be at most 10000." })
      .default(0),
  })
  .transform((subject) => ({ ...subject, slug: subject.slug || slugify(subject.name) }))
  .refine((subject) => subject.slug.length > 0 && subject.slug.length <= 100, { message: "Slug must be 1 to 100 letters, digits or dashes.", path: ["slug"] });
export type SubjectFormInput = z.output<typeof subjectFormSchema>;

export const teamMemberFormSchema = z.object({
  name: z
    .string({ message: "Full name is required." })
    .trim()
    .min(1, { message: "Full name is required." })
    .max(120, { message: "Full name must be at most 120 characters." }),
  position: z
    .string({ message: "Position is required." })
    .trim()
    .min(1, { message: "Position is required." })
    .max(120, { message: "Position must be at most 120 characters." }),
  bio: optionalText(2000, "Bio"),
  photoUrl: imageUrlField("Photo URL"),
  active: z.boolean().default(true),
  orderIndex: z.coerce
    .number({ message: "Display order must be a whole number of 0 or more." })
    .int({ message: "Display order must be a whole number of 0 or more." })
    .min(0, { message: "Display order must be a whole number of 0 or more." })
    .default(0),
});
export type TeamMemberFormInput = z.output<typeof teamMemberFormSchema>;

/** A display name by the rule every display name follows (validateDisplayName). */
function displayNameOrIssue(value: string | undefined, context: z.RefinementCtx): string {
  const checked = validateDisplayName(value);
  if (checked.ok) return checked.name;
  context.addIssue({ code: "custom", message: checked.error });
  return z.NEVER;
}

export const profileEditSchema = z.object({
  // Blank clears the name (stored as null).
  displayName: z
    .string()
    .optional()
    .transform((value, context) => (value?.trim() ? displayNameOrIssue(value, context) : null)),
  role: z.enum(roles, { message: "Role must be user, contributor, author, editor or admin." }),
  bio: optionalText(2000, "Bio"),
});
export type ProfileEditInput = z.output<typeof profileEditSchema>;

export const authorProfileSchema = z.object({
  displayName: z.string().optional().transform(displayNameOrIssue),
  bio: optionalText(500, "Bio"),
  photoUrl: imageUrlField("Photo URL"),
  // Blank: made from the name. Normalised by the categories' rule.
  slug: z
    .string()
    .optional()
    .transform((value) => slugify(value?.trim() ?? "") || null)
    .refine((value) => value === null || value.length <= 80, { message: "Profile address must be at most 80 characters." }),
  published: z.boolean(),
});
export type AuthorProfileInput = z.output<typeof authorProfileSchema>;

/** A guest byline (app/routes/admin/guest-authors.tsx): a writer without an account. */
export const guestAuthorSchema = z.object({
  name: z.string().optional().transform(displayNameOrIssue),
  bio: optionalText(500, "Bio"),
  photoUrl: imageUrlField("Photo URL"),
});
export type GuestAuthorInput = z.output<typeof guestAuthorSchema>;

export const commentStatusSchema = z.enum(["approved", "rejected"], { message: "Status must be approved or rejected." });

/** The first message of a failed parse, for a toast; field errors for the form. */
export function formErrors(error: z.ZodError): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    fields[key] ??= issue.message;
  }
  return { message: error.issues[0]?.message ?? "Invalid input.", fields };
}
