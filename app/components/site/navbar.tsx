import { isStaff, type Role } from "#app/lib/access";
import { Menu, X } from "./icons";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { ThemeToggle } from "./theme-toggle";
import { SignOutButton } from "./sign-out-button";
import { buttonClass } from "#app/components/ui/button";
import { SiteLink, SiteNavLink } from "./site-link";
import { driveMobileMenu } from "#app/lib/mobile-menu";
import { hook, hooks } from "#app/lib/reader-hooks";
import { guestOnly, staffOnly, viewerOnly, type ViewerVariant } from "#app/lib/viewer";
import { useSiteSettings } from "#app/lib/root-data";
import type { NavigationLink } from "#app/lib/site-settings";

// The header holds four links below 1280 px; the rest (and these, which /articles' introduction
// links) show from 1280 px, and all are in the menu on a phone.
const wideOnly = new Set(["/categories", "/resources", "/school-packs"]);
const narrowHeaderLinks = 4;

/** The links an admin chose in Settings, each marked with the widths it shows from. */
function headerLinks(links: readonly NavigationLink[]) {
  let narrow = 0;
  return links.map((link) => {
    const fitsNarrow = !wideOnly.has(link.to) && !link.to.startsWith("/category/") && narrow < narrowHeaderLinks;
    if (fitsNarrow) narrow += 1;
    return fitsNarrow ? link : { ...link, shownFrom: "hidden xl:inline-block" };
  });
}

interface NavbarProps {
  user: { role: Role } | null;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium hover:bg-muted lg:whitespace-nowrap ${isActive ? "text-accent" : ""}`;

/** Whom the header is rendered for: a signed-in account (a page of theirs), or null for the page kept for everyone. */
type HeaderViewer = { role: Role } | null;

/**
 * The public links, and the Admin Dashboard link for staff: on the page kept for everyone it is
 * there for the stylesheet to show by the viewer hint (app/lib/viewer.ts).
 */
function SiteLinks({ viewer, inHeader = false }: { viewer: HeaderViewer; inHeader?: boolean }) {
  const links = headerLinks(useSiteSettings().links);
  const admin = !viewer
    ? { to: "/admin", label: "Admin Dashboard", variant: staffOnly }
    : isStaff(viewer.role)
      ? { to: "/admin", label: "Admin Dashboard" }
      : null;
  const shown: Array<{ to: string; label: string; shownFrom?: string; variant?: ViewerVariant }> = admin ? [...links, admin] : links;
  return shown.map((link) => (
    <SiteNavLink
      key={link.to}
      to={link.to}
      className={(state) => (inHeader && link.shownFrom ? `${link.shownFrom} ${linkClass(state)}` : linkClass(state))}
      variant={link.variant}
    >
      {link.label}
    </SiteNavLink>
  ));
}

/**
 * The site's header. On small screens its links are in a menu, rendered closed and driven by
 * app/lib/mobile-menu.ts on every page (the reader script runs it on reader pages, this effect on
 * hydrated ones): React never renders it open, so a render leaves the state the script set.
 */
export function Navbar({ user }: NavbarProps) {
  useEffect(driveMobileMenu, []);
  const site = useSiteSettings();
  const { pathname, search } = useLocation();
  const signedIn = (variant?: ViewerVariant) => (
    <div className="flex items-center gap-1" {...variant}>
      <SiteNavLink to="/account" className={linkClass}>
        Account
      </SiteNavLink>
      <SignOutButton className="inline-flex items-center gap-2 rounded-md border border-input px-3 py-2 text-sm font-medium hover:bg-muted" />
    </div>
  );
  // Back here after signing in; a reader signed in already (whose browser ran no script) comes back to this page as theirs.
  const signIn = (
    <SiteLink
      to={pathname === "/auth" ? "/auth" : `/auth?redirectTo=${encodeURIComponent(pathname + search)}`}
      className={buttonClass("primary", "md", "font-semibold")}
      variant={guestOnly}
    >
      Sign In
    </SiteLink>
  );
  // Rendered for a signed-in account: theirs alone. Else both, the guest's shown unless the viewer hint says otherwise.
  const account = user ? (
    signedIn()
  ) : (
    <>
      {signIn}
      {signedIn(viewerOnly)}
    </>
  );
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4">
        <SiteLink to="/" className="flex items-center gap-2 font-serif text-xl font-black tracking-tight lg:whitespace-nowrap">
          {site.logoUrl && <img src={site.logoUrl} alt="" width={32} height={32} className="size-8 object-contain" />}
          {site.name.toUpperCase()}
        </SiteLink>
        <div className="hidden items-center gap-1 md:flex">
          <SiteLinks viewer={user} inHeader />
        </div>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <div className="hidden md:block">{account}</div>
          <button
            type="button"
            className="rounded-md p-2 hover:bg-muted md:hidden"
            aria-label="Open menu"
            aria-expanded="false"
            aria-controls="mobile-menu"
            {...hook(hooks.menuToggle)}
          >
            {/* The icon follows aria-expanded, so the script only flips attributes. */}
            <Menu className="size-5 in-aria-expanded:hidden" aria-hidden />
            <X className="hidden size-5 in-aria-expanded:block" aria-hidden />
          </button>
        </div>
      </nav>
      <div id="mobile-menu" {...hook(hooks.menu)} hidden className="border-t border-border px-4 py-3 md:hidden">
        <div className="flex flex-col gap-1">
          <SiteLinks viewer={user} />
          <div className="pt-2">{account}</div>
        </div>
      </div>
    </header>
  );
}
