import { createContext, useContext, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import type { ViewerVariant } from "#app/lib/viewer";

// Reader pages are never hydrated, so a router <Link> there is only an <a> that costs a render
// about a hundredth of its time each; hydrated pages (the forms) keep client-side navigation.
const OnReaderPage = createContext(false);

/** Around a reader page's routes (root.tsx): the site's links inside render as plain anchors. */
export const ReaderPageLinks = ({ children }: { children: ReactNode }) => <OnReaderPage.Provider value={true}>{children}</OnReaderPage.Provider>;

interface SiteLinkProps {
  to: string;
  className?: string;
  children: ReactNode;
  /** Which readers see the link (app/lib/viewer.ts): absent, everyone. */
  variant?: ViewerVariant;
}

/** A link in the site's chrome (navbar, footer), shared by reader pages and hydrated ones. */
export function SiteLink({ to, className, children, variant }: SiteLinkProps) {
  if (useContext(OnReaderPage)) {
    return (
      <a href={to} className={className} {...variant}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={className} {...variant}>
      {children}
    </Link>
  );
}

/** NavLink's rule: the link is active on its own address and every address below it (case-insensitive). */
function isActivePath(pathname: string, to: string) {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  return path === target || (path.startsWith(target) && path.charAt(target.length) === "/");
}

/** A navigation link marked `aria-current="page"` and styled active on the page it leads to. */
export function SiteNavLink({ to, className, children, variant }: Omit<SiteLinkProps, "className"> & { className: (state: { isActive: boolean }) => string }) {
  const onReaderPage = useContext(OnReaderPage);
  const { pathname } = useLocation();
  if (onReaderPage) {
    const isActive = isActivePath(pathname, to);
    return (
      <a href={to} className={className({ isActive })} aria-current={isActive ? "page" : undefined} {...variant}>
        {children}
      </a>
    );
  }
  return (
    <NavLink to={to} className={className} {...variant}>
      {children}
    </NavLink>
  );
}
