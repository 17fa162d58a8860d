import { Menu, X } from "./icons";
import { useState } from "react";
import { useLocation } from "react-router";
import { ThemeToggle } from "./theme-toggle";
import { SignOutButton } from "./sign-out-button";
import { buttonClass } from "#app/components/ui/button";
import { SiteLink, SiteNavLink } from "./site-link";

const links = [
  { to: "/articles", label: "Articles" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
  { to: "/ask-kafundisha", label: "Ask Kafundisha" },
];

interface NavbarProps {
  user: { role: "user" | "admin" } | null;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800 ${isActive ? "text-accent" : ""}`;

/** The public links; the Admin Dashboard link only for admins. */
function SiteLinks({ isAdmin }: { isAdmin: boolean }) {
  const shown = isAdmin ? [...links, { to: "/admin", label: "Admin Dashboard" }] : links;
  return shown.map((link) => (
    <SiteNavLink key={link.to} to={link.to} className={linkClass}>
      {link.label}
    </SiteNavLink>
  ));
}

export function Navbar({ user }: NavbarProps) {
  // The menu belongs to the page it was opened on: navigating closes it.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const isAdmin = user?.role === "admin";
  const account = user ? (
    <div className="flex items-center gap-1">
      <SiteNavLink to="/account" className={linkClass}>
        Account
      </SiteNavLink>
      <SignOutButton className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800" />
    </div>
  ) : (
    <SiteLink to="/auth" className={buttonClass("primary", "md", "font-semibold")}>
      Sign In
    </SiteLink>
  );
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4">
        <SiteLink to="/" className="font-serif text-xl font-black tracking-tight">
          THE EDUCATOR
        </SiteLink>
        <div className="hidden items-center gap-1 md:flex">
          <SiteLinks isAdmin={isAdmin} />
        </div>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <div className="hidden md:block">{account}</div>
          <button
            type="button"
            className="rounded-md p-2 hover:bg-slate-100 md:hidden dark:hover:bg-slate-800"
            aria-label={open ? "Close menu" : "Open menu"}
            aria-expanded={open}
            aria-controls="mobile-menu"
            data-menu-toggle
            onClick={() => setOpen(!open)}
          >
            {/* The icon follows aria-expanded, so the reader script (no React) only flips attributes. */}
            <Menu className="size-5 in-aria-expanded:hidden" aria-hidden />
            <X className="hidden size-5 in-aria-expanded:block" aria-hidden />
          </button>
        </div>
      </nav>
      <div id="mobile-menu" hidden={!open} className="border-t border-slate-200 px-4 py-3 md:hidden dark:border-slate-800">
        <div className="flex flex-col gap-1">
          <SiteLinks isAdmin={isAdmin} />
          <div className="pt-2">{account}</div>
        </div>
      </div>
    </header>
  );
}
