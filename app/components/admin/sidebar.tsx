import {
  BarChart3,
  BookOpen,
  ClipboardCheck,
  FileText,
  FolderTree,
  FileUp,
  Webhook,
  KeyRound,
  Image,
  Inbox,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  MessageCircleQuestion,
  MessageSquare,
  Package,
  PanelLeft,
  PenLine,
  Settings,
  UserPlus,
  UserSquare2,
  Users,
  X,
} from "lucide-react";
import { useEffect, useState } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { Sheet } from "#app/components/ui/sheet";
import { mayOpen, seesWholeDesk, type Role } from "#app/lib/access";

export const sidebarCookieName = "sidebar_state";
const sevenDays = 7 * 24 * 60 * 60;

const items = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true },
  // Contributors and authors see their own articles only.
  { to: "/admin/articles", label: "Articles", ownLabel: "My Articles", icon: FileText },
  { to: "/admin/review", label: "Review", icon: ClipboardCheck, waiting: "pending review" },
  { to: "/admin/categories", label: "Categories", icon: FolderTree },
  { to: "/admin/subjects", label: "Subjects", icon: BookOpen },
  { to: "/admin/guest-authors", label: "Guest Bylines", icon: UserPlus },
  { to: "/admin/media", label: "Media Library", icon: Image },
  { to: "/admin/comments", label: "Comments", icon: MessageSquare, waiting: "pending" },
  { to: "/admin/community", label: "Ask Kafundisha", icon: MessageCircleQuestion, waiting: "waiting" },
  { to: "/admin/inbox", label: "Inbox", icon: Inbox, waiting: "unread" },
  { to: "/admin/newsletter", label: "Newsletter", icon: Mail },
  { to: "/admin/users", label: "Users", icon: Users },
  { to: "/admin/team", label: "Team", icon: UserSquare2 },
  { to: "/admin/profile", label: "Author Profile", icon: PenLine },
  { to: "/admin/analytics", label: "Analytics", icon: BarChart3 },
  { to: "/admin/school-pack", label: "School Pack", icon: Package },
  { to: "/admin/api-keys", label: "Content API keys", icon: KeyRound },
  { to: "/admin/webhooks", label: "Webhooks", icon: Webhook },
  { to: "/admin/import", label: "Import & Export", icon: FileUp },
  { to: "/admin/settings", label: "Settings", icon: Settings },
];

/** How many items wait behind a link (pending comments, unread messages), by its address. */
export type SidebarBadges = Partial<Record<string, number>>;

/** The sidebar shows only the screens `role` may open (app/lib/access.ts). */
function SidebarLinks({ role, collapsed, badges }: { role: Role; collapsed: boolean; badges: SidebarBadges }) {
  return (
    <>
      {/* Every link fits a 1280 × 800 laptop and a phone; on a shorter screen they scroll, Sign Out below them in reach. */}
      <ul className="flex min-h-0 flex-1 flex-col gap-0.5 overflow-y-auto p-2">
        {items
          .filter(({ to }) => mayOpen(role, to))
          .map(({ to, label: deskLabel, ownLabel, icon: Icon, end, waiting }) => {
            const label = ownLabel && !seesWholeDesk(role) ? ownLabel : deskLabel;
            const waitingCount = badges[to] ?? 0;
            const waitingText = waiting && waitingCount > 0 ? `${waitingCount} ${waiting}` : null;
            return (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  title={collapsed ? (waitingText ? `${label} (${waitingText})` : label) : undefined}
                  className={({ isActive }) =>
                    `relative flex items-center gap-3 rounded-md px-3 py-1.5 text-sm font-medium hover:bg-secondary ${isActive ? "bg-secondary" : ""}`
                  }
                >
                  <Icon className="size-4 shrink-0" aria-hidden />
                  <span className={collapsed ? "sr-only" : ""}>{label}</span>
                  {waitingText && (
                    // Read as "Inbox 2 unread"; collapsed, a dot with the same words for screen readers.
                    <span
                      data-waiting={waiting}
                      className={
                        collapsed
                          ? "absolute top-1 right-1 size-2 rounded-full bg-destructive"
                          : "ml-auto rounded-full bg-destructive px-2 py-0.5 text-xs font-semibold text-destructive-foreground tabular-nums"
                      }
                    >
                      <span className={collapsed ? "sr-only" : ""}>{waitingCount}</span>
                      <span className="sr-only">{` ${waiting}`}</span>
                    </span>
                  )}
                </NavLink>
              </li>
            );
          })}
      </ul>
      <Form method="post" action="/sign-out" className="border-t border-border p-2">
        <button
          type="submit"
          title={collapsed ? "Sign Out" : undefined}
          className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-secondary"
        >
          <LogOut className="size-4 shrink-0" aria-hidden />
          <span className={collapsed ? "sr-only" : ""}>Sign Out</span>
        </button>
      </Form>
    </>
  );
}

/**
 * Sidebar collapsible to icons (Ctrl/Cmd+B), its state kept in a cookie for 7 days so the
 * server renders it right; below 768 px it is a slide-over panel.
 */
export function AdminShell({
  role,
  initiallyOpen,
  productName,
  badges,
  children,
}: {
  role: Role;
  initiallyOpen: boolean;
  productName: string;
  badges: SidebarBadges;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  // The slide-over belongs to the page it was opened on: navigating closes it.
  const { pathname } = useLocation();
  const [mobileOpenOn, setMobileOpenOn] = useState<string | null>(null);
  const mobileOpen = mobileOpenOn === pathname;
  const setMobileOpen = (value: boolean) => setMobileOpenOn(value ? pathname : null);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key.toLowerCase() === "b" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        if (window.matchMedia("(max-width: 767px)").matches) setMobileOpenOn((current) => (current ? null : window.location.pathname));
        else setOpen((value) => !value);
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    document.cookie = `${sidebarCookieName}=${open ? "expanded" : "collapsed"}; path=/; max-age=${sevenDays}; samesite=lax`;
  }, [open]);

  return (
    <div className="flex min-h-screen">
      <nav
        aria-label="Admin"
        data-state={open ? "expanded" : "collapsed"}
        className={`sticky top-0 hidden h-screen shrink-0 flex-col border-r border-border bg-subtle transition-[width] md:flex ${open ? "w-64" : "w-12"}`}
      >
        <SidebarLinks role={role} collapsed={!open} badges={badges} />
      </nav>
      <Sheet open={mobileOpen} onClose={() => setMobileOpen(false)} label="Admin menu">
        <nav aria-label="Admin" className="flex h-full flex-col">
          <div className="flex justify-end p-2">
            <button type="button" aria-label="Close menu" className="rounded-md p-2" onClick={() => setMobileOpen(false)}>
              <X className="size-5" aria-hidden />
            </button>
          </div>
          <SidebarLinks role={role} collapsed={false} badges={badges} />
        </nav>
      </Sheet>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 items-center gap-3 border-b border-border px-4">
          <button type="button" className="rounded-md p-2 hover:bg-muted md:hidden" aria-label="Open menu" onClick={() => setMobileOpen(true)}>
            <Menu className="size-5" aria-hidden />
          </button>
          <button
            type="button"
            className="hidden rounded-md p-2 hover:bg-muted md:inline-flex"
            aria-label="Toggle sidebar"
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            <PanelLeft className="size-5" aria-hidden />
          </button>
          <span className="font-semibold">{productName} - Admin</span>
        </header>
        <main id="main" className="flex-1 p-4 md:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
