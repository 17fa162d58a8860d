// Only on reader pages, which React never hydrates: plain links, not the router's <Link>.
import { imageSrcSet } from "#app/lib/responsive-image";
import { CategoryBadge } from "./category-badge";
import { Byline, TagLinks } from "./tag-links";
import type { TagName } from "#app/lib/tags";
import type { BylineAuthor } from "#app/lib/bylines";

export const fallbackImage = "/images/fallback-article.svg";

/** Delay between two cards' entrance animations. */
export const cardStaggerMs = 50;

/** What a card shows; the read time comes worked out, so lists never carry full texts. */
export interface ArticleCardData {
  id: string;
  title: string;
  excerpt: string | null;
  featuredImageUrl: string | null;
  categorySlug: string;
  readTimeMinutes: number;
  /** A ranked search's matching passage, as safe HTML with the matched words in <mark>. */
  snippetHtml?: string | null;
  /** The authors with a public profile, in order; none and the card says "The Educator". */
  authors?: BylineAuthor[];
  tags?: TagName[];
}

export type CardSize = "sm" | "md" | "lg";

const titleSizes: Record<CardSize, string> = { sm: "text-base", md: "text-lg", lg: "text-2xl" };
const imageSizes: Record<CardSize, { width: number; height: number; sizes: string }> = {
  sm: { width: 480, height: 300, sizes: "(min-width: 640px) 33vw, 100vw" },
  md: { width: 640, height: 400, sizes: "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" },
  lg: { width: 1280, height: 720, sizes: "(min-width: 768px) 50vw, 100vw" },
};

interface ArticleCardProps {
  article: ArticleCardData;
  size?: CardSize;
  featured?: boolean;
  /** Position in its list: the entrance animation starts `index × 50 ms` late. */
  index?: number;
  /** "list": image beside the text instead of above it. */
  layout?: "vertical" | "horizontal";
  /** The first card a reader sees: its image loads at once, not when it nears the screen. */
  priority?: boolean;
  /** 2 where the cards sit right under the page's h1 (the lists); 3 under a section heading. */
  headingLevel?: 2 | 3;
}

export function ArticleCard({ article, size = "md", featured = false, index, layout = "vertical", priority = false, headingLevel = 3 }: ArticleCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const horizontal = layout === "horizontal";
  const image = imageSizes[size];
  return (
    <article
      data-size={size}
      className={`group relative flex w-full overflow-hidden rounded-xl border border-border bg-card shadow-sm transition hover:shadow-md ${
        horizontal ? "flex-col sm:flex-row" : "flex-col"
      } ${index === undefined ? "" : "card-enter"}`}
      style={index === undefined ? undefined : { animationDelay: `${index * cardStaggerMs}ms` }}
    >
      <img
        src={article.featuredImageUrl ?? fallbackImage}
        srcSet={article.featuredImageUrl ? imageSrcSet(article.featuredImageUrl) : undefined}
        sizes={image.sizes}
        alt=""
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        className={`h-auto w-full object-cover ${size === "lg" ? "aspect-[16/9]" : "aspect-[16/10]"} ${horizontal ? "sm:w-64 sm:shrink-0 lg:w-80" : ""}`}
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="relative z-10 flex items-center gap-2">
          <CategoryBadge slug={article.categorySlug} />
          {featured && <span className="rounded-full bg-warning-soft px-2 py-0.5 text-xs font-semibold text-warning-soft-foreground">Featured</span>}
        </div>
        <Heading className={`${titleSizes[size]} font-bold leading-snug`}>
          {/* The link covers the whole card (::after); the badge link sits above it. */}
          <a href={`/articles/${article.id}`} className="after:absolute after:inset-0 group-hover:underline">
            {article.title}
          </a>
        </Heading>
        <p className={`${size === "sm" ? "line-clamp-2" : "line-clamp-3"} text-sm text-muted-foreground`}>{article.excerpt ?? ""}</p>
        {article.snippetHtml && (
          <p
            data-search-snippet
            className="rounded bg-muted p-2 text-sm text-muted-foreground [&_mark]:bg-highlight [&_mark]:text-highlight-foreground"
            // Escaped on the server, with only <mark> added (articles.server.ts snippetHtml).
            dangerouslySetInnerHTML={{ __html: `…${article.snippetHtml}…` }}
          />
        )}
        {/* Above the card's link, like the badge. */}
        <TagLinks tags={article.tags ?? []} limit={3} className="relative z-10" />
        <p className="mt-auto text-xs text-muted-foreground">
          <Byline authors={article.authors} className="relative z-10" /> · {article.readTimeMinutes} min read
        </p>
      </div>
    </article>
  );
}
