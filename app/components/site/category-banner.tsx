import { CategoryIcon } from "./category-icon";

interface CategoryBannerProps {
  slug: string;
  title: string;
  description: string;
  icon: string | null;
}

/** The category page's banner: its icon, title and description on the category's colours (app.css `.banner`). */
export function CategoryBanner({ slug, title, description, icon }: CategoryBannerProps) {
  return (
    <section aria-labelledby="category-title" data-banner={slug} className="banner px-4 py-14">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-4 md:flex-row md:items-center">
        <span className="rounded-2xl bg-white/15 p-4">
          <CategoryIcon name={icon} className="size-10" />
        </span>
        <div>
          <h1 id="category-title" className="font-serif text-3xl font-black md:text-5xl">
            {title}
          </h1>
          <p className="mt-3 max-w-3xl text-lg text-white/90">{description}</p>
        </div>
      </div>
    </section>
  );
}
