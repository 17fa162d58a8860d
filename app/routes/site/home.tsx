import { BookOpen, MessageCircleQuestion } from "#app/components/site/icons";
import { CategoryIcon } from "#app/components/site/category-icon";
import { categoryLabel, isClickableCategory } from "#app/lib/category-label";
import { listReaderCategories } from "#app/server/categories/categories.server";
import { services } from "#app/server/core/services.server";
import type { Route } from "./+types/home";
import { listLatestArticles } from "#app/server/articles/articles.server";
import { ArticleCard } from "#app/components/site/article-card";
import { NewsletterSignup } from "#app/components/site/newsletter-signup";
import { articleListPage, keptOnServer, loadAsDocument } from "#app/lib/reader-page";
import { pageMeta, siteDescription, siteFrom } from "#app/lib/seo";
import { feedLinkMeta } from "#app/lib/feeds";
import { buttonClass } from "#app/components/ui/button";
import { LessonFinder } from "#app/components/site/lesson-finder";
import { useSiteSettings } from "#app/lib/root-data";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFrom(matches);
  return [
    ...pageMeta({
      title: site.siteName,
      description: siteDescription,
      path: "/",
      ...site,
    }),
    ...feedLinkMeta(site),
  ];
};

/** Category tiles on the home page, in the editors' order; the rest are a tap away on /categories. */
const homeCategoryTiles = 8;

export async function loader() {
  const [latest, categories] = await Promise.all([listLatestArticles(6), listReaderCategories(services().db)]);
  const browsable = categories.filter((category) => isClickableCategory(category.slug));
  return keptOnServer({
    featured: latest.slice(0, 2),
    latest,
    categories: browsable.slice(0, homeCategoryTiles).map(({ slug, icon }) => ({ slug, icon })),
    moreCategories: browsable.length > homeCategoryTiles,
  });
}

const tileClass = "flex h-full flex-col items-center gap-2 rounded-xl border border-border p-4 text-center font-medium hover:border-accent";

// Reads nothing of its query: /?anything is the home page.
export const handle = articleListPage();

export const clientLoader = loadAsDocument;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, latest, categories, moreCategories } = loaderData;
  const site = useSiteSettings();
  return (
    <>
      <section data-banner="magazine" className="banner px-4 py-20">
        <div className="mx-auto max-w-4xl text-center">
          <h1 className="font-serif text-4xl font-black md:text-6xl">{site.name}</h1>
          {site.tagline && <p className="mt-4 text-lg md:text-xl">{site.tagline}</p>}
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a href="/articles" className="rounded-md bg-white px-5 py-3 font-semibold text-(--banner-from) hover:bg-white/90">
              Explore Articles
            </a>
            <a href="/about" className="rounded-md border border-white px-5 py-3 font-semibold hover:bg-white/10">
              About Us
            </a>
          </div>
        </div>
      </section>

      <LessonFinder />

      <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-12">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="categories-heading" className="text-2xl font-bold">
            Explore by Category
          </h2>
          {moreCategories && (
            <a href="/categories" className="font-medium text-accent underline-offset-4 hover:underline">
              All categories
            </a>
          )}
        </div>
        <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6">
          {categories.map(({ slug, icon }) => (
            <li key={slug}>
              <a href={`/category/${slug}`} className={tileClass}>
                <CategoryIcon name={icon} className="size-8 text-accent" />
                {categoryLabel(slug)}
              </a>
            </li>
          ))}
          {site.askKafundisha && (
            <li>
              <a href="/ask-kafundisha" className={tileClass}>
                <MessageCircleQuestion className="size-8 text-accent" aria-hidden />
                Ask Kafundisha
              </a>
            </li>
          )}
        </ul>
      </section>

      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-8">
        <h2 id="featured-heading" className="text-2xl font-bold">
          Featured Articles
        </h2>
        {featured.length === 0 ? (
          <p className="mt-4 text-muted-foreground">No featured articles yet</p>
        ) : (
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            {featured.map((article, index) => (
              <div key={article.id} className="render-when-near flex">
                <ArticleCard article={article} size="lg" priority={index === 0} />
              </div>
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="latest-heading" className="mx-auto max-w-7xl px-4 py-8">
        <div className="flex items-baseline justify-between">
          <h2 id="latest-heading" className="text-2xl font-bold">
            Latest Insights
          </h2>
          <a href="/articles" className="font-medium text-accent underline-offset-4 hover:underline">
            View All Articles
          </a>
        </div>
        {latest.length === 0 ? (
          <p className="mt-4 text-muted-foreground">No articles yet. Check back soon</p>
        ) : (
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {latest.map((article) => (
              <div key={article.id} className="render-when-near flex">
                <ArticleCard article={article} />
              </div>
            ))}
          </div>
        )}
      </section>

      <div className="mx-auto max-w-7xl px-4 pt-8">
        <NewsletterSignup id="home-newsletter" />
      </div>

      <section aria-labelledby="community-heading" className="mx-auto my-12 max-w-7xl rounded-2xl bg-subtle px-6 py-10 text-center">
        <BookOpen className="mx-auto size-10 text-accent" aria-hidden />
        <h2 id="community-heading" className="mt-2 text-2xl font-bold">
          Join Our Community
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-muted-foreground">
          Ask questions, share what works in your classroom, and learn from educators across Zambia and beyond.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {site.askKafundisha && (
            <a href="/ask-kafundisha" className={buttonClass("primary", "lg", "py-3")}>
              Ask Kafundisha
            </a>
          )}
          <a href="/contact" className="rounded-md border border-input px-5 py-3 font-semibold">
            Get in Touch
          </a>
        </div>
      </section>
    </>
  );
}
