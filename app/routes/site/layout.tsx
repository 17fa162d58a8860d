import { Outlet, useLocation } from "react-router";
import { Navbar } from "#app/components/site/navbar";
import { SiteLink } from "#app/components/site/site-link";
import { useRootData } from "#app/lib/root-data";
import { hook, hooks } from "#app/lib/reader-hooks";
import { defaultSiteSettings } from "#app/lib/site-settings";

/**
 * Data saver: no images until the reader taps one. A plain form (it works on every page, with or
 * without JavaScript); the choice is kept in a cookie, so the server sends pages without images.
 */
function DataSaverSwitch({ on }: { on: boolean }) {
  const { pathname, search } = useLocation();
  return (
    <form method="post" action="/data-saver" className="mt-3" {...(on ? hook(hooks.dataSaverOn) : {})}>
      <input type="hidden" name="on" value={on ? "off" : "on"} />
      <input type="hidden" name="back" value={pathname + search} />
      <button type="submit" aria-pressed={on} className="rounded-md border border-input px-3 py-1 text-sm font-medium hover:bg-muted">
        Data saver: {on ? "on" : "off"}
      </button>
    </form>
  );
}

export default function SiteLayout() {
  const root = useRootData();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-black"
      >
        Skip to content
      </a>
      <Navbar user={root?.user ?? null} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-border py-8 text-center text-sm text-muted-foreground">
        © {new Date().getFullYear()} {root?.site.name ?? defaultSiteSettings.name}. {root?.site.tagline}
        <DataSaverSwitch on={root?.dataSaver ?? false} />
        <SiteLink to="/saved" className="mt-3 inline-block font-medium text-accent underline">
          Saved articles
        </SiteLink>
        {" · "}
        <SiteLink to="/school-packs" className="mt-3 inline-block font-medium text-accent underline">
          School packs
        </SiteLink>
      </footer>
    </div>
  );
}
