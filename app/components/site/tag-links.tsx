// Only on reader pages, which React never hydrates: plain links, not the router's <Link>.
import { Fragment } from "react";
import type { TagName } from "#app/lib/tags";
import type { BylineAuthor } from "#app/lib/bylines";
import { cn } from "#app/lib/cn";

/** An article's tags as links to their pages; `limit` keeps a card short. */
export function TagLinks({ tags, limit, className = "" }: { tags: readonly TagName[]; limit?: number; className?: string }) {
  const shown = limit === undefined ? tags : tags.slice(0, limit);
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Tags" className={cn("flex flex-wrap gap-1.5", className)}>
      {shown.map((tag) => (
        <li key={tag.slug}>
          <a
            href={`/tag/${tag.slug}`}
            className="inline-block rounded-full border border-input px-2 py-0.5 text-xs text-muted-foreground hover:border-accent hover:text-foreground"
          >
            #{tag.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** "By A and B", each name linking to its author page, or the magazine's name when no author has a public profile. */
export function Byline({ authors = [], className = "" }: { authors?: readonly BylineAuthor[]; className?: string }) {
  if (authors.length === 0) return <span className={className}>The Educator</span>;
  return (
    <span className={className}>
      By{" "}
      {authors.map((author, index) => (
        <Fragment key={author.slug}>
          {index > 0 && (index === authors.length - 1 ? " and " : ", ")}
          <a href={`/author/${author.slug}`} className="underline-offset-2 hover:underline">
            {author.name}
          </a>
        </Fragment>
      ))}
    </span>
  );
}
