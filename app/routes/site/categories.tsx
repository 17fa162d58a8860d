import type { Route } from "./+types/categories";
import { listReaderCategories } from "#app/server/categories/categories.server";
import { services } from "#app/server/core/services.server";
import { CategoryIcon } from "#app/components/site/category-icon";
import { categoryLabel, isClickableCategory } from "#app/lib/category-label";
import { plural } from "#app/lib/plural";
import { pageMeta, siteFrom } from "#app/lib/seo";
import { articleListPage, keptOnServer, loadAsDocument } from "#app/lib/reader-page";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "All Categories",
    description: "Every category of The Educator with its articles: news, classroom practice, wellbeing, technology and more.",
    path: "/categories",
    ...siteFrom(matches),
  });

/** Every category a reader can browse, in the editors' order, with how many articles it has: the home page's "more". */
export async function loader() {
  const categories = await listReaderCategories(services().db);
  return keptOnServer({ categories: categories.filter((category) => isClickableCategory(category.slug)) });
}

export const handle = articleListPage();

export const clientLoader = loadAsDocument;

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="font-serif text-3xl font-black md:text-4xl">All Categories</h1>
      {categories.length === 0 ? (
        <p className="mt-4 text-muted-foreground">No articles yet. Check back soon</p>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map(({ slug, name, icon, articles }) => (
            <li key={slug}>
              <a href={`/category/${slug}`} className="flex h-full items-center gap-4 rounded-xl border border-border p-4 hover:border-accent">
                <CategoryIcon name={icon} className="size-8 shrink-0 text-accent" />
                <span>
                  <span className="block font-semibold">{categoryLabel(slug)}</span>
                  {name !== categoryLabel(slug) && <span className="block text-sm text-muted-foreground">{name}</span>}
                  <span className="block text-sm text-muted-foreground">{plural(articles, { one: "article", other: "articles" })}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
