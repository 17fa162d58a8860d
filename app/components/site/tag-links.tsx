// Only on reader pages, which React never hydrates: plain links, not the router's <Link>.
import type { TagName } from "#app/lib/tags";
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

/** "By {author}" linking to their profile, or the magazine's name when the article has no author profile. */
export function Byline({ authorName, authorSlug, className = "" }: { authorName?: string | null; authorSlug?: string | null; className?: string }) {
  if (!authorSlug || !authorName) return <span className={className}>The Educator</span>;
  return (
    <span className={className}>
      By{" "}
      <a href={`/author/${authorSlug}`} className="underline-offset-2 hover:underline">
        {authorName}
      </a>
    </span>
  );
}
