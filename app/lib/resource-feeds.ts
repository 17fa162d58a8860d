import { articleListSearch, type ArticleListParams } from "./article-list-params";
import { languageName, levelLabel, resourceTypeLabel } from "./curriculum";

/** Where the lesson resources library lives; its feeds sit beside it (`/resources/rss.xml?level=grade-4`). */
export const resourcesPath = "/resources";

/** The anchor of the library's list (its count line): where a language chosen, or a choice remembered, takes the teacher. */
export const lessonResultsAnchor = "lesson-results";

type CurriculumParams = Pick<ArticleListParams, "level" | "subject" | "type" | "lang">;

/** A resources feed's query: the curriculum filters only, in the lists' canonical order ("" for all resources). */
export function resourceFeedQuery({ level, subject, type, lang }: CurriculumParams): string {
  return articleListSearch({ level, subject, type, lang });
}

/** "Lesson Resources: Grade 4 · Mathematics · Chinyanja": what a filtered library lists, for feed titles. */
export function resourceFeedName({ level, type, lang }: CurriculumParams, subjectName: string | null): string {
  const parts = [level && levelLabel(level), subjectName, type && resourceTypeLabel(type), lang && languageName(lang)].filter((part) => !!part);
  return parts.length > 0 ? `Lesson Resources: ${parts.join(" · ")}` : "Lesson Resources";
}
