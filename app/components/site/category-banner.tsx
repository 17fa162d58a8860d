import { CategoryIcon } from "./category-icon";

// Dark gradients keep white text above 4.5:1 contrast in both themes.
const gradients: Record<string, string> = {
  "education-news": "from-blue-950 via-blue-900 to-blue-700",
  health: "from-rose-950 via-rose-900 to-rose-700",
  sports: "from-emerald-950 via-emerald-900 to-emerald-700",
  technology: "from-violet-950 via-violet-900 to-violet-700",
  entrepreneurship: "from-orange-950 via-orange-900 to-orange-800",
};
const defaultGradient = "from-slate-950 via-slate-900 to-slate-700";

interface CategoryBannerProps {
  slug: string;
  title: string;
  description: string;
  icon: string | null;
}

/** The category page's banner: its icon, title and description on the category's gradient. */
export function CategoryBanner({ slug, title, description, icon }: CategoryBannerProps) {
  return (
    <section aria-labelledby="category-title" className={`bg-gradient-to-br ${gradients[slug] ?? defaultGradient} px-4 py-14 text-white`}>
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
