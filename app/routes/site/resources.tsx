import type { Route } from "./+types/resources";
import { lessonResourceFacets, searchLessonResources, type LessonResourceCard } from "#app/server/articles/lesson-resources.server";
import { listSubjects } from "#app/server/articles/curriculum-filters.server";
import { services } from "#app/server/core/services.server";
import { leadResourcesOf, type ArticleResource } from "#app/server/resources/resources.server";
import { ResourceDownload, ResourceThumbnail } from "#app/components/site/article-resources";
import { CurriculumLinks } from "#app/components/site/curriculum-filters";
import { ListControls } from "#app/components/site/list-controls";
import { ListFilterChips } from "#app/components/site/list-filter-chips";
import { Pagination } from "#app/components/site/pagination";
import { articleListSearch, listQuery, parseArticleListParams, type ArticleListParams } from "#app/lib/article-list-params";
import { languageName, levelLabel, pickerLanguages, resourceTypeLabel } from "#app/lib/curriculum";
import { feedLinkMeta } from "#app/lib/feeds";
import { plural } from "#app/lib/plural";
import { cacheTag, keptOnServer, loadAsDocument, type ReaderPageHandle } from "#app/lib/reader-page";
import { hook, hooks } from "#app/lib/reader-hooks";
import { lessonResultsAnchor, resourceFeedName, resourceFeedQuery, resourcesPath } from "#app/lib/resource-feeds";
import { formatFileSize } from "#app/lib/resource-files";
import { pageLinkMeta, pageMeta, siteFrom } from "#app/lib/seo";
import { useSchoolPack } from "#app/lib/root-data";
import { pageLinks, pageRequest } from "#app/server/db/keyset.server";
import { pageRequest as pageRequestOf } from "#app/server/reader-pages/page-request.server";
import { buttonClass } from "#app/components/ui/button";

const description =
  "Lesson plans, schemes of work, worksheets, assessments and readings for Zambian teachers, by grade, subject and language: ECE, Grades 1–12 and Forms 1–6.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = { ...parseArticleListParams(url.searchParams), category: null, view: "grid" as const };
  const [found, subjects, filterCounts] = await Promise.all([
    searchLessonResources({ q: params.q, sort: params.sort, curriculum: params }, pageRequest(url.searchParams)),
    listSubjects(services().db),
    // A school pack has no filter form: it offers the filters as links, with their counts.
    pageRequestOf(context).schoolPack ? lessonResourceFacets(params) : null,
  ]);
  const leads = await leadResourcesOf(
    services().db,
    found.resources.map((resource) => resource.id),
  );
  const subjectName = params.subject ? (subjects.find((subject) => subject.slug === params.subject)?.name ?? null) : null;
  return keptOnServer({
    params,
    subjects,
    resources: found.resources.map((resource) => ({ ...resource, lead: leads.get(resource.id) ?? null })),
    total: found.total,
    pages: pageLinks(url, found),
    filterCounts,
    /** The feed of exactly these filters, when any is set (an unknown subject has none). */
    feed:
      resourceFeedQuery(params) && (!params.subject || subjectName) ? { query: resourceFeedQuery(params), name: resourceFeedName(params, subjectName) } : null,
  });
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  ...pageMeta({
    title: "Lesson Resources",
    description,
    // Filters are views of one page: search engines get the whole library.
    path: resourcesPath,
    ...siteFrom(matches),
  }),
  ...pageLinkMeta(data?.pages),
  ...feedLinkMeta(siteFrom(matches), [
    ...(data?.feed ? [{ path: resourcesPath, name: data.feed.name, query: data.feed.query }] : []),
    { path: resourcesPath, name: "Lesson Resources" },
  ]),
];

/**
 * A reader page: it shows articles (their levels, types, languages, categories), their subjects and
 * their attached files; it reads the search, the curriculum filters, the sort and its page cursor.
 */
export const handle: ReaderPageHandle = {
  readerPage: {
    live: ["articles", "subjects", "article_resources"],
    cacheTags: () => [cacheTag.articleLists, cacheTag.categories, cacheTag.subjects, cacheTag.articleFiles],
    query: listQuery(["q", "level", "subject", "type", "lang", "sort"]),
  },
};

export const clientLoader = loadAsDocument;

export default function Resources({ loaderData }: Route.ComponentProps) {
  const { params, subjects, resources, total, pages, feed, filterCounts } = loaderData;
  const schoolPack = useSchoolPack();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10">
      <header>
        <h1 className="font-serif text-3xl font-black md:text-4xl">Lesson Resources</h1>
        <p className="mt-2 text-muted-foreground">
          Something to use on Monday: lesson plans, schemes of work, worksheets and readings, by grade, subject and language.
        </p>
      </header>
      {filterCounts ? (
        <CurriculumLinks path={resourcesPath} params={params} subjects={subjects} counts={filterCounts} />
      ) : (
        <>
          <LanguageChips params={params} />
          <ListControls params={params} searchLabel="Search resources" searchPlaceholder="Search by title or excerpt..." subjects={subjects} />
        </>
      )}
      <div id={lessonResultsAnchor} className="flex scroll-mt-20 flex-wrap items-center gap-3">
        <p role="status" {...hook(hooks.listStatus)} className="text-sm text-muted-foreground">
          {`${plural(total, { one: "resource", other: "resources" })} found`}
        </p>
        <ListFilterChips params={params} subjects={subjects} />
      </div>
      {resources.length > 0 ? (
        <div {...hook(hooks.listResults)}>
          <ul aria-label="Lesson resources" className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {resources.map((resource) => (
              <li key={resource.id} className="flex">
                <ResourceCard resource={resource} />
              </li>
            ))}
          </ul>
          <Pagination links={pages} label="Lesson resources pages" />
        </div>
      ) : (
        <div className="rounded-xl border border-dashed border-input px-4 py-12 text-center">
          <p className="text-lg text-muted-foreground">No resources found matching your criteria.</p>
          <a href={resourcesPath} className={buttonClass("primary", "md", "mt-4 font-semibold")}>
            Clear Filters
          </a>
        </div>
      )}
      {!schoolPack && (
        <p className="text-sm text-muted-foreground">
          Follow new resources:{" "}
          {feed && (
            <>
              <a href={`${resourcesPath}/rss.xml${feed.query}`} className="font-medium text-foreground underline underline-offset-4">
                {`RSS feed for ${feed.name.replace(/^Lesson Resources: /, "")}`}
              </a>
              {" · "}
            </>
          )}
          <a href={`${resourcesPath}/rss.xml`} className="font-medium text-foreground underline underline-offset-4">
            RSS feed of all resources
          </a>
        </p>
      )}
    </div>
  );
}

const chipClass = "rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-foreground hover:bg-secondary";

/** A link to the library filtered by one more value. */
const narrowed = (name: "level" | "subject" | "type" | "lang", value: string) => `${resourcesPath}${articleListSearch({ [name]: value })}`;

/**
 * One lesson resource: its title, what it is for (grade, subjects, type, language) and its files,
 * and its first file to download at once, pictured by its first page where it has a preview, else by its type's icon.
 */
function ResourceCard({ resource }: { resource: LessonResourceCard & { lead: ArticleResource | null } }) {
  const { id, title, excerpt, level, subjects, resourceType, language, files, lead } = resource;
  return (
    <article className="flex w-full flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm">
      <h2 className="text-lg leading-snug font-bold" lang={language}>
        <a href={`/articles/${id}`} className="hover:text-accent hover:underline">
          {title}
        </a>
      </h2>
      {excerpt && (
        <p className="line-clamp-3 text-sm text-muted-foreground" lang={language}>
          {excerpt}
        </p>
      )}
      <ul aria-label="What it is for" className="mt-auto flex flex-wrap gap-2">
        {level && (
          <li>
            <a href={narrowed("level", level)} className={chipClass}>
              {levelLabel(level)}
            </a>
          </li>
        )}
        {subjects.map((subject) => (
          <li key={subject.slug}>
            <a href={narrowed("subject", subject.slug)} className={chipClass}>
              {subject.name}
            </a>
          </li>
        ))}
        {resourceType && (
          <li>
            <a href={narrowed("type", resourceType)} className={chipClass}>
              {resourceTypeLabel(resourceType)}
            </a>
          </li>
        )}
        <li>
          <a href={narrowed("lang", language)} className={chipClass}>
            {languageName(language)}
          </a>
        </li>
      </ul>
      {lead && (
        <div className="flex items-center gap-3 text-sm font-medium">
          <ResourceThumbnail resource={lead} />
          {files.count > 1 ? (
            <a href={`/articles/${id}#resources-heading`} className="flex-1 underline-offset-4 hover:underline">
              {`${plural(files.count, { one: "file", other: "files" })} · ${formatFileSize(files.bytes)}`}
            </a>
          ) : (
            <span className="flex-1">{`${lead.format.toUpperCase()} · ${formatFileSize(lead.sizeBytes)}`}</span>
          )}
          <ResourceDownload resource={lead} />
        </div>
      )}
    </article>
  );
}

/**
 * The language of the lessons, one tap each (the select below says the same for wider screens and
 * other languages): a teacher arriving from a grade on the home page picks hers here.
 */
function LanguageChips({ params }: { params: ArticleListParams }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <span id="lesson-languages" className="text-sm font-medium">
        Show lessons in:
      </span>
      {/* One row a thumb scrolls on a phone, so the list stays near. */}
      <ul aria-labelledby="lesson-languages" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
        {pickerLanguages.map(({ tag, name }) => {
          const chosen = params.lang === tag;
          return (
            <li key={tag}>
              <a
                href={`${resourcesPath}${articleListSearch({ ...params, lang: chosen ? null : tag })}#${lessonResultsAnchor}`}
                aria-current={chosen ? "true" : undefined}
                lang={tag}
                className="flex h-9 items-center rounded-full border whitespace-nowrap border-input px-3 text-sm font-medium hover:border-accent aria-[current]:border-accent aria-[current]:bg-accent aria-[current]:text-accent-foreground"
              >
                {name}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
