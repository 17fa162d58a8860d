// Only on reader pages, which React never hydrates: plain links, not the router's <Link>.
import { categoryLabel, isClickableCategory } from "#app/lib/category-label";

const badgeClass = "rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground";

export function CategoryBadge({ slug }: { slug: string }) {
  const label = categoryLabel(slug);
  if (!isClickableCategory(slug)) return <span className={badgeClass}>{label}</span>;
  return (
    <a href={`/category/${slug}`} className={`${badgeClass} hover:opacity-90`}>
      {label}
    </a>
  );
}
