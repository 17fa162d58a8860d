import { preload } from "react-dom";
import { data } from "react-router";
import { articleBodyClass } from "#app/lib/article-body";
import type { Route } from "./+types/article";
import { readForm } from "#app/server/core/form.server";
import { clientInfo, requireUser } from "#app/server/auth/auth.server";
import { loadArticlePage } from "#app/server/articles/article-page.server";
import { addPendingComment, isPublishedArticle, postRateLimitMessage } from "#app/server/comments/comments.server";
import { services } from "#app/server/core/services.server";
import { qrCodeSvg } from "#app/server/articles/qr-code.server";
import { findRelatedQuestions } from "#app/server/community/related.server";
import { ArticleCard, fallbackImage } from "#app/components/site/article-card";
import { ArticleComments } from "#app/components/site/article-comments";
import { ReaderNotFound } from "#app/components/site/reader-not-found";
import { CategoryBadge } from "#app/components/site/category-badge";
import { AlsoIn, CurriculumLabels } from "#app/components/site/curriculum-labels";
import { contentLanguageAttributes } from "#app/lib/article-language";
import { Byline, TagLinks } from "#app/components/site/tag-links";
import { NewsletterSignup } from "#app/components/site/newsletter-signup";
import { ShareButton } from "#app/components/site/share-button";
import { ShareBar } from "#app/components/site/share-bar";
import { TeachersAsk } from "#app/components/site/related-reading";
import { ArticleResources, ResourcesShortcut } from "#app/components/site/article-resources";
import { useRootData, useSiteSettings } from "#app/lib/root-data";
import { articleMeta } from "#app/lib/article-meta";
import { commentAwaitingModeration, validateComment, type CommentActionData } from "#app/lib/comment-schema";
import { imageSrcSet } from "#app/lib/responsive-image";
import { siteFrom } from "#app/lib/seo";
import { longDate } from "#app/lib/long-date";
import { viewsText } from "#app/lib/page-view";
import { hook, hooks } from "#app/lib/reader-hooks";
import { cacheTag, keptOnServer, loadAsDocument, type ReaderPageHandle } from "#app/lib/reader-page";
import { siteSettings } from "#app/server/core/site-settings.server";
import { commentsClosedText, mayComment, staffCommentsText } from "#app/lib/site-settings";
import { isStaff } from "#app/lib/access";

const notFound = () => new Response("Article Not Found", { status: 404 });

export async function loader({ params }: Route.LoaderArgs) {
  // The spec shows "Article Not Found" for a failed fetch too; the failure itself is logged.
  const page = await loadArticlePage(params.id).catch((error: unknown) => {
    services().log.error({ err: error, articleId: params.id }, "article page failed to load");
    return null;
  });
  if (!page) throw notFound();
  const [printQrSvg, relatedQuestions] = await Promise.all([
    // A printed copy leads back: its address as a QR code at the end (shown in print only).
    qrCodeSvg(`${services().config.PUBLIC_URL}/articles/${page.article.id}`),
    // The one read that needs the article first: its title's words.
    siteSettings().askKafundisha ? findRelatedQuestions(services().db, page.article) : { questions: [], among: [] },
  ]);
  return keptOnServer({ ...page, printQrSvg, relatedQuestions });
}

export const handle: ReaderPageHandle<Awaited<ReturnType<typeof loader>>> = {
  readerPage: {
    cacheTags: ({ article, related, relatedQuestions, comments, curriculum }) => [
      cacheTag.article(article.id),
      // Its translations' titles and languages, and a translation newly published or joining the group.
      ...curriculum.translations.map((translation) => cacheTag.article(translation.id)),
      ...(curriculum.translationGroup ? [cacheTag.translations(curriculum.translationGroup)] : []),
      ...(curriculum.subjects.length > 0 ? [cacheTag.subjects] : []),
      cacheTag.relatedIn(article.categoryId),
      ...related.map((item) => cacheTag.article(item.id)),
      ...relatedQuestions.questions.map((question) => cacheTag.question(question.id)),
      ...relatedQuestions.among.map(cacheTag.questionsIn),
      cacheTag.commentsOn(article.id),
      cacheTag.categories,
      ...comments.map((comment) => cacheTag.comment(comment.id)),
      ...(comments.length > 0 ? [cacheTag.commenters] : []),
      cacheTag.authors,
    ],
  },
};

export const clientLoader = loadAsDocument;

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  if (!(await isPublishedArticle(params.id))) throw notFound();
  const form = (await readForm(request)) ?? new FormData();
  const values = { content: String(form.get("content") ?? "") };
  // Settings says who may comment; what was typed is kept with the refusal.
  const policy = siteSettings().comments;
  if (!mayComment(policy, isStaff(user.role))) {
    const formError = policy === "off" ? commentsClosedText : staffCommentsText;
    return data<CommentActionData>({ ok: false, values, errors: {}, formError }, { status: 403 });
  }
  const checked = validateComment(values.content);
  if (!checked.ok) return data<CommentActionData>({ ok: false, values, errors: { content: [checked.error] } }, { status: 400 });
  const tooFast = await postRateLimitMessage("comment", user, clientInfo(request, context));
  if (tooFast) return data<CommentActionData>({ ok: false, values, errors: {}, formError: tooFast }, { status: 429 });
  await addPendingComment({ articleId: params.id, author: user, content: checked.content });
  services().log.info({ articleId: params.id, userId: user.id }, "comment awaiting moderation");
  return data<CommentActionData>({
    ok: true,
    message: commentAwaitingModeration,
  });
}

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  if (!page) return [{ title: `Article Not Found | ${siteFrom(matches).siteName}` }, { name: "robots", content: "noindex" }];
  const { article, curriculum } = page;
  return articleMeta({
    id: article.id,
    title: article.title,
    excerpt: article.excerpt,
    categorySlug: article.categorySlug,
    publishedAt: article.publishedAt,
    updatedAt: article.updatedAt,
    authors: article.authors,
    ...siteFrom(matches),
    language: curriculum.language,
    translations: curriculum.translations,
    level: curriculum.level,
    resourceType: curriculum.resourceType,
  });
};

export default function ArticlePage({ loaderData, actionData }: Route.ComponentProps) {
  const { article, related, relatedQuestions, comments, html, printQrSvg, curriculum, resources } = loaderData;
  // The article's own words are in its language; the page around them stays in English.
  const contentLanguage = contentLanguageAttributes(curriculum.language);
  const root = useRootData();
  const site = useSiteSettings();
  const signedIn = Boolean(root?.user);
  const publicUrl = root?.publicUrl ?? "";
  const path = `/articles/${article.id}`;
  const date = article.publishedAt ? new Date(article.publishedAt) : null;
  const image = article.featuredImageUrl ?? fallbackImage;
  const imageSizes = "(min-width: 768px) 736px, 100vw";
  // The cover is the page's largest paint: fetched from the <head>, beside the stylesheet.
  preload(image, { as: "image", imageSrcSet: imageSrcSet(image), imageSizes, fetchPriority: "high" });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <article>
        <div className="flex flex-wrap items-center gap-2">
          <CategoryBadge slug={article.categorySlug} />
          <CurriculumLabels level={curriculum.level} resourceType={curriculum.resourceType} subjects={curriculum.subjects} />
        </div>
        <h1 className="mt-4 font-serif text-3xl font-black md:text-5xl" {...contentLanguage}>
          {article.title}
        </h1>
        {article.excerpt && (
          <p className="mt-4 text-lg text-muted-foreground" {...contentLanguage}>
            {article.excerpt}
          </p>
        )}
        <AlsoIn translations={curriculum.translations} />
        <ResourcesShortcut resources={resources} />
        <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-y border-border py-4">
          <p className="text-sm text-muted-foreground">
            <Byline authors={article.authors} className="font-semibold text-foreground" />
            {date && (
              <>
                {" · "}
                <time dateTime={date.toISOString()}>{longDate(date)}</time>
              </>
            )}
            {" · "}
            <span>
              {`${article.readTime} · `}
              {/* A cached page keeps the count it was rendered with: the reader script shows the count the page-view beacon answers. */}
              <span {...hook(hooks.viewCount)}>{viewsText(article.views)}</span>
            </span>
          </p>
          <ShareBar title={article.title} path={path} url={`${publicUrl}${path}`} />
        </div>
        <img
          src={image}
          srcSet={imageSrcSet(image)}
          sizes={imageSizes}
          width={1200}
          height={675}
          fetchPriority="high"
          alt={article.featuredImageUrl ? (article.featuredImageAlt ?? "") : ""}
          className="mt-8 aspect-[16/9] h-auto w-full rounded-xl object-cover"
        />
        <div
          className={`mt-8 ${articleBodyClass}`}
          {...contentLanguage}
          // Rendered from Markdown on the server and sanitized there (markdown.server.ts).
          dangerouslySetInnerHTML={{ __html: html }}
        />
        <ArticleResources resources={resources} />
        <TagLinks tags={article.tags} className="mt-8 print:hidden" />
        <footer className="mt-12 flex flex-wrap items-center justify-between gap-4 rounded-xl bg-subtle p-6">
          <div>
            <p className="font-semibold">{`Published by ${site.name}`}</p>
            <p className="text-sm text-muted-foreground">Empowering educators in Zambia and worldwide.</p>
          </div>
          <ShareButton title={article.title} path={path} label="Share this article" />
        </footer>
        <PrintedAddress url={`${publicUrl}${path}`} qrSvg={printQrSvg} />
      </article>
      <ArticleComments articleId={article.id} comments={comments} signedIn={signedIn} staff={isStaff(root?.user?.role)} pageResult={actionData} />
      <TeachersAsk questions={relatedQuestions.questions} />
      <NewsletterSignup id="article-newsletter" className="mt-12 print:hidden" />
      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-12 print:hidden">
          <h2 id="related-heading" className="text-2xl font-bold">
            Related Articles
          </h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-3">
            {related.map((item) => (
              <ArticleCard key={item.id} article={item} size="sm" />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

/** Only on paper: where the article lives, as text and as a QR code. */
function PrintedAddress({ url, qrSvg }: { url: string; qrSvg: string }) {
  return (
    <aside className="hidden items-center gap-6 border-t border-black pt-6 print:mt-8 print:flex" data-print-address>
      <div role="img" aria-label="QR code of this article's address" className="size-32 shrink-0" dangerouslySetInnerHTML={{ __html: qrSvg }} />
      <p className="text-sm">
        Read this article online, and more like it, at
        <br />
        <span className="font-semibold break-all">{url}</span>
      </p>
    </aside>
  );
}

export function ErrorBoundary() {
  return <ReaderNotFound title="Article Not Found" message="This article does not exist or is not published." />;
}
