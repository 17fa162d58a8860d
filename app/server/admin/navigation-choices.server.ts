import { categoryLinkPrefix, navigationPages, type NavigationChoice } from "#app/lib/site-settings";
import type { AppDb } from "#app/server/db/types.server";
import { listCategoryNames } from "#app/server/categories/categories.server";

/** The links Settings offers for the header: the site's pages, then every category in the site's order. */
export async function navigationChoices(db: AppDb): Promise<NavigationChoice[]> {
  const named = await listCategoryNames(db);
  return [
    ...navigationPages.map((page) => ({ key: page.key, label: page.label })),
    ...named.map((category) => ({ key: `${categoryLinkPrefix}${category.slug}`, label: `Category: ${category.name}` })),
  ];
}
