import { z } from "zod";
import { resourceFormats } from "#app/lib/resource-files";
import { questionCategories } from "#app/lib/inbox-schema";
import { isLevel, isResourceType, canonicalLanguage, levels, resourceTypes } from "#app/lib/curriculum";
import { contentApiMaxPageSize, contentApiPageSize } from "#app/lib/content-api";

// The Content API's answers, each shape written once: the routes build values of these types, and
// the OpenAPI document (openapi.server.ts) is generated from the same schemas. Registered by name,
// so the document's components and a generated client's types carry these names.

export const contentApiSchemas = z.registry<{ id: string; description?: string }>();

const dateTime = z.string().meta({ format: "date-time" });
const uri = z.string().meta({ format: "uri" });
const slug = z.string().meta({ pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" });

export const errorBody = z
  .object({
    errors: z
      .array(
        z.object({
          message: z.string(),
          type: z.enum(["BadRequest", "Unauthorized", "NotFound", "MethodNotAllowed", "TooManyRequests"]),
        }),
      )
      .min(1),
  })
  .register(contentApiSchemas, { id: "Error", description: "Every failure: one or more errors, each with a message a person can read." });

export const pageMeta = z
  .object({
    limit: z.int().min(1).max(contentApiMaxPageSize),
    total: z.int().min(0).meta({ description: "How many items the whole list holds, its filters applied." }),
    next: z.string().nullable().meta({ description: "The cursor of the next page (pass it as `cursor`), null on the last page." }),
    nextUrl: uri.nullable().meta({ description: "The next page's address, filters kept (add your key), null on the last page." }),
  })
  .register(contentApiSchemas, { id: "PageMeta" });

const listOf = <Item extends z.ZodType>(name: string, item: Item) => z.object({ [name]: z.array(item), meta: z.object({ pagination: pageMeta }) });

export const categoryRef = z.object({ name: z.string(), slug, url: uri }).register(contentApiSchemas, { id: "CategoryRef" });
export const tagRef = z.object({ name: z.string(), slug, url: uri }).register(contentApiSchemas, { id: "TagRef" });
export const authorRef = z.object({ name: z.string(), slug, url: uri }).register(contentApiSchemas, { id: "AuthorRef" });
export const subjectRef = z.object({ name: z.string(), slug }).register(contentApiSchemas, { id: "SubjectRef" });

export const articleSummary = z
  .object({
    id: z.uuid(),
    title: z.string(),
    slug: z.string(),
    excerpt: z.string().nullable(),
    url: uri.meta({ description: "The article's page on the site." }),
    featureImage: z.object({ url: uri, alt: z.string().nullable() }).nullable(),
    publishedAt: dateTime,
    updatedAt: dateTime,
    readTimeMinutes: z.int().min(1),
    language: z.string().meta({ description: "BCP 47 language tag, e.g. en, bem, ny." }),
    level: z.string().nullable().meta({ description: "The grade or form it is for (see the `level` filter), when a lesson resource." }),
    resourceType: z.string().nullable(),
    category: categoryRef,
    tags: z.array(tagRef),
    authors: z.array(authorRef).meta({ description: "The bylines in order; empty: written by the magazine." }),
    subjects: z.array(subjectRef),
  })
  .register(contentApiSchemas, { id: "ArticleSummary" });

export const articleResource = z
  .object({
    id: z.uuid(),
    title: z.string(),
    format: z.enum(resourceFormats),
    resourceType: z.string().nullable(),
    sizeBytes: z.int().min(0),
    pageCount: z.int().min(0).nullable(),
    downloadUrl: uri,
  })
  .register(contentApiSchemas, { id: "ArticleResource" });

export const article = z
  .object({
    ...articleSummary.shape,
    contentHtml: z.string().meta({ description: "The body as the article page shows it (sanitized HTML), links absolute." }),
    translations: z.array(z.object({ id: z.uuid(), language: z.string(), title: z.string(), url: uri })),
    resources: z.array(articleResource),
  })
  .register(contentApiSchemas, { id: "Article" });

export const category = z
  .object({ id: z.uuid(), name: z.string(), slug, description: z.string().nullable(), url: uri, articleCount: z.int().min(0) })
  .register(contentApiSchemas, { id: "Category" });

export const tag = z.object({ name: z.string(), slug, url: uri, articleCount: z.int().min(1) }).register(contentApiSchemas, { id: "Tag" });

export const author = z
  .object({
    name: z.string(),
    slug,
    kind: z.enum(["staff", "guest"]).meta({ description: "A staff member's public author profile, or a guest byline." }),
    bio: z.string().nullable(),
    photoUrl: uri.nullable(),
    url: uri,
  })
  .register(contentApiSchemas, { id: "Author" });

export const question = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    categories: z.array(z.string()),
    url: uri,
    answerCount: z.int().min(0),
    answered: z.boolean().meta({ description: "An answer has been accepted." }),
    publishedAt: dateTime,
  })
  .register(contentApiSchemas, { id: "Question" });

export const articleList = listOf("articles", articleSummary).register(contentApiSchemas, { id: "ArticleList" });
export const articleBody = z.object({ articles: z.array(article).length(1) }).register(contentApiSchemas, { id: "ArticleResponse" });
export const categoryList = listOf("categories", category).register(contentApiSchemas, { id: "CategoryList" });
export const tagList = listOf("tags", tag).register(contentApiSchemas, { id: "TagList" });
export const authorList = listOf("authors", author).register(contentApiSchemas, { id: "AuthorList" });
export const questionList = listOf("questions", question).register(contentApiSchemas, { id: "QuestionList" });

export type ArticleSummary = z.infer<typeof articleSummary>;
export type Article = z.infer<typeof article>;
export type ArticleList = z.infer<typeof articleList>;
export type ArticleResponse = z.infer<typeof articleBody>;
export type CategoryList = z.infer<typeof categoryList>;
export type TagList = z.infer<typeof tagList>;
export type AuthorList = z.infer<typeof authorList>;
export type QuestionList = z.infer<typeof questionList>;
export type PageMeta = z.infer<typeof pageMeta>;
export type ErrorBody = z.infer<typeof errorBody>;

// --- Query parameters: parsed with these, and described by them in the document ------------------

const optionalSlug = slug.max(100).optional();

export const pageParams = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(contentApiMaxPageSize)
    .default(contentApiPageSize)
    .meta({ description: `Items per page (1–${contentApiMaxPageSize}, default ${contentApiPageSize}).` }),
  cursor: z.string().max(2000).optional().meta({ description: "The `next` cursor of the page before; leave out for the first page." }),
};

export const articleParams = {
  ...pageParams,
  category: optionalSlug.meta({ description: "Only articles in this category (its slug)." }),
  tag: optionalSlug.meta({ description: "Only articles with this tag (its slug)." }),
  author: optionalSlug.meta({ description: "Only articles with this author on their byline (the author's slug)." }),
  level: z
    .string()
    .refine(isLevel, { message: "Unknown level." })
    .optional()
    .meta({ description: "Only lesson resources for this grade or form.", enum: levels.map((level) => level.value) }),
  subject: optionalSlug.meta({ description: "Only articles filed under this subject (its slug)." }),
  type: z
    .string()
    .refine(isResourceType, { message: "Unknown resource type." })
    .optional()
    .meta({ description: "Only lesson resources of this kind.", enum: resourceTypes.map((type) => type.value) }),
  lang: z
    .string()
    .max(35)
    .transform((value, context) => canonicalLanguage(value) ?? (context.addIssue({ code: "custom", message: "Not a BCP 47 language tag." }), z.NEVER))
    .optional()
    .meta({ description: "Only articles written in this language (BCP 47 tag, e.g. en, bem, ny)." }),
  q: z.string().max(100).optional().meta({ description: "Words in the title or excerpt (case-insensitive)." }),
  sort: z.enum(["newest", "oldest", "popular"]).default("newest").meta({ description: "Order of the list (default newest first)." }),
};

export const questionParams = {
  ...pageParams,
  category: z
    .enum(questionCategories.map((category) => category.value) as [string, ...string[]])
    .optional()
    .meta({ description: "Only questions in this Ask Kafundisha category." }),
};
