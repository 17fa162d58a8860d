import { buttonClass } from "#app/components/ui/button";
import { cn } from "#app/lib/cn";
import { hook, hooks } from "#app/lib/reader-hooks";
import { useSchoolPack } from "#app/lib/root-data";

/**
 * "Get the weekly digest": a plain form posting to /newsletter, so it works on reader pages (never
 * hydrated) and with JavaScript off. The reply page says to check the inbox (double opt-in).
 */
export function NewsletterSignup({ id, className = "" }: { id: string; className?: string }) {
  // A school pack has no server to subscribe with.
  if (useSchoolPack()) return null;
  return (
    <section aria-labelledby={`${id}-heading`} className={cn("rounded-2xl border border-border p-6", className)}>
      <h2 id={`${id}-heading`} className="text-xl font-bold">
        The weekly digest
      </h2>
      <p className="mt-1 text-muted-foreground">The week's new articles in your inbox, once a week. Unsubscribe at any time.</p>
      <form method="post" action="/newsletter" className="mt-4 flex flex-wrap items-end gap-3" {...hook(hooks.newsletterForm)}>
        <div className="min-w-56 flex-1">
          <label htmlFor={`${id}-email`} className="text-sm font-medium">
            Email address
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            className="mt-1 w-full rounded-md border border-input bg-card px-3 py-2 text-foreground"
          />
        </div>
        <button type="submit" className={buttonClass("primary", "lg")}>
          Subscribe
        </button>
      </form>
    </section>
  );
}
