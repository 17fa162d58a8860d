import type { AccentColor, Theme } from "#app/lib/theme";

/** A static sample of the site's look in the current theme and accent colour. */
export function SettingsPreview({ theme, accent }: { theme: Theme | null; accent: AccentColor | null }) {
  return (
    <figure className="rounded-xl border border-border p-5">
      <figcaption className="text-sm text-muted-foreground">
        {theme && accent ? `${theme === "dark" ? "Dark" : "Light"} theme with the ${accent === "orange" ? "orange" : "default"} accent` : "Current theme"}
      </figcaption>
      {/* Looks like a page of the site but is only a picture of one: nothing in it can be used. */}
      <div inert className="mt-4 rounded-lg border border-border bg-surface p-4">
        <span className="inline-block rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground">Education News</span>
        <p className="mt-3 font-serif text-lg font-bold">Sample article title</p>
        <p className="mt-1 text-sm text-muted-foreground">This is how text, links and buttons look across the site.</p>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <span className="inline-flex items-center rounded-md bg-accent px-4 py-2 text-sm font-medium text-accent-foreground">Read More</span>
          <span className="text-sm font-medium text-accent underline">A link</span>
        </div>
      </div>
    </figure>
  );
}
