import { useLocation } from "react-router";
import { fullTextSearchOffer, type ArticleListParams } from "#app/lib/article-list-params";
import { plural } from "#app/lib/plural";
import { hook, hooks } from "#app/lib/reader-hooks";

/** The count line; the reader script shows "Loading articles..." in it while the list reloads. Announced to screen readers. */
export function ListStatus({ count }: { count: number }) {
  return (
    <p role="status" {...hook(hooks.listStatus)} className="text-sm text-muted-foreground">
      {`${plural(count, { one: "article", other: "articles" })} found`}
    </p>
  );
}

/**
 * Beside the count of a title-and-excerpt search that found few articles: a link to the same
 * search in the articles' text too (Best Match). A plain link, which the reader script follows in place.
 */
export function FullTextOffer({ params, total }: { params: ArticleListParams; total: number }) {
  const { pathname } = useLocation();
  const search = fullTextSearchOffer(params, total);
  if (!search) return null;
  return (
    <p className="text-sm text-muted-foreground">
      Searched titles and excerpts only.{" "}
      <a href={`${pathname}${search}`} className="font-semibold text-accent underline">
        Search the full text
      </a>
    </p>
  );
}
