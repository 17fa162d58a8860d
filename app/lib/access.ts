// Who may do what: the one table of roles and what each may do, read by the server's guards
// (app/server/auth/access.server.ts) and by the admin sidebar. The README's "Roles" says the same.

export const accessDeniedText = "Access denied. Admin privileges required.";

/** Every role, lowest first: a reader, then the staff who write for and run the magazine. */
export const roles = ["user", "contributor", "author", "editor", "admin"] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = { user: "User", contributor: "Contributor", author: "Author", editor: "Editor", admin: "Admin" };

export const isRole = (value: unknown): value is Role => typeof value === "string" && (roles as readonly string[]).includes(value);

/**
 * What a role may do:
 * - writeOwnArticles: create articles, edit and delete their own drafts, submit them for review,
 *   upload images and see their own uploads, edit their author profile;
 * - publishOwnArticles: publish and schedule their own articles, edit them once published;
 * - editAllArticles: every article (review, edit, publish, schedule, delete), the dashboard;
 * - postWithoutModeration: their Ask Kafundisha questions and answers (and edits of them) go public
 *   at once, as a reader's do after `trustedAfterPosts` published posts (app/lib/community.ts);
 * - answerForMagazine: their answers carry the "Kafundisha answer" badge (the magazine speaking);
 * - moderateCommunity: the Ask Kafundisha queue (publish, reject, delete, dismiss reports), editing
 *   anyone's question or answer at any age, accepting an answer for the asker, and reading what a
 *   post said before each edit;
 * - the rest name a screen or a task each.
 */
export type Ability =
  | "writeOwnArticles"
  | "publishOwnArticles"
  | "editAllArticles"
  | "postWithoutModeration"
  | "answerForMagazine"
  | "manageCategories"
  | "moderateComments"
  | "moderateCommunity"
  | "manageMedia"
  | "useAiWriter"
  | "scanNews"
  | "readInbox"
  | "sendNewsletter"
  | "manageUsers"
  | "manageTeam"
  | "viewAnalytics"
  | "manageSettings"
  | "makeSchoolPacks"
  | "manageApiKeys"
  | "importContent"
  | "manageWebhooks";

const contributor: readonly Ability[] = ["writeOwnArticles"];
const author: readonly Ability[] = [...contributor, "publishOwnArticles", "postWithoutModeration"];
const editor: readonly Ability[] = [
  ...author,
  "editAllArticles",
  "answerForMagazine",
  "manageCategories",
  "moderateComments",
  "moderateCommunity",
  "manageMedia",
  "useAiWriter",
  "scanNews",
];
const admin: readonly Ability[] = [
  ...editor,
  "readInbox",
  "sendNewsletter",
  "manageUsers",
  "manageTeam",
  "viewAnalytics",
  "manageSettings",
  "makeSchoolPacks",
  "manageApiKeys",
  "importContent",
  "manageWebhooks",
];

export const abilitiesOf: Record<Role, readonly Ability[]> = { user: [], contributor, author, editor, admin };

/** Whether `role` may do `ability`; an unknown role may do nothing. */
export const can = (role: string | null | undefined, ability: Ability): boolean => isRole(role) && abilitiesOf[role].includes(ability);

/** The roles that may do `ability`, lowest first (whom to mail about it, for one). */
export const rolesThatCan = (ability: Ability): Role[] => roles.filter((role) => can(role, ability));

/** Staff: every role that may enter the admin area (their sessions end after 12 h idle). Decides nothing else. */
export const isStaff = (role: string | null | undefined): boolean => can(role, "writeOwnArticles");

/** Who sees every change as it happens (the event stream's ids, profiles and view counts): editors and admins. */
export const seesWholeDesk = (role: string | null | undefined): boolean => can(role, "editAllArticles");

/**
 * The admin screens and what opening each takes, by address: a path and everything under it, the
 * longest match deciding. An address not listed is for admins alone.
 */
export const adminScreens: ReadonlyArray<{ path: string; ability: Ability }> = [
  { path: "/admin", ability: "editAllArticles" },
  { path: "/admin/articles", ability: "writeOwnArticles" },
  { path: "/admin/articles/ai-writer", ability: "useAiWriter" },
  { path: "/admin/uploads", ability: "writeOwnArticles" },
  { path: "/admin/media", ability: "writeOwnArticles" },
  { path: "/admin/profile", ability: "writeOwnArticles" },
  { path: "/admin/attention", ability: "writeOwnArticles" },
  { path: "/admin/review", ability: "editAllArticles" },
  { path: "/admin/categories", ability: "manageCategories" },
  { path: "/admin/subjects", ability: "manageCategories" },
  { path: "/admin/guest-authors", ability: "editAllArticles" },
  { path: "/admin/comments", ability: "moderateComments" },
  { path: "/admin/community", ability: "moderateCommunity" },
  { path: "/admin/inbox", ability: "readInbox" },
  { path: "/admin/newsletter", ability: "sendNewsletter" },
  { path: "/admin/users", ability: "manageUsers" },
  { path: "/admin/team", ability: "manageTeam" },
  { path: "/admin/analytics", ability: "viewAnalytics" },
  { path: "/admin/settings", ability: "manageSettings" },
  { path: "/admin/school-pack", ability: "makeSchoolPacks" },
  { path: "/admin/api-keys", ability: "manageApiKeys" },
  { path: "/admin/import", ability: "importContent" },
  { path: "/admin/webhooks", ability: "manageWebhooks" },
];

/**
 * An admin address as the router reads it: percent-escapes decoded, any case, repeated slashes
 * as one, without a trailing slash or `.data`. Null for one the router would not read as a screen
 * of ours (a malformed escape, a NUL, a backslash, a `.` or `..` segment): such an address is for
 * admins alone.
 */
function adminPathAsRouted(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (/[\0\\]/.test(decoded)) return null;
  const path =
    decoded
      .toLowerCase()
      .replace(/\/{2,}/g, "/")
      .replace(/\.data$/, "")
      .replace(/\/+$/, "") || "/";
  return path.split("/").some((segment) => segment === "." || segment === "..") ? null : path;
}

/** What opening `pathname` (under /admin) takes; null for an address no screen lists, which is for admins alone. */
export function abilityForAdminPath(pathname: string): Ability | null {
  const path = adminPathAsRouted(pathname);
  if (path === null) return null;
  let found: { path: string; ability: Ability } | undefined;
  for (const screen of adminScreens) {
    // The dashboard is /admin itself, not everything under it.
    const matches = path === screen.path || (screen.path !== "/admin" && path.startsWith(`${screen.path}/`));
    if (matches && (!found || screen.path.length > found.path.length)) found = screen;
  }
  return found?.ability ?? null;
}

/** Whether `role` may open the admin screen at `pathname`. */
export function mayOpen(role: string | null | undefined, pathname: string): boolean {
  const ability = abilityForAdminPath(pathname);
  return ability ? can(role, ability) : role === "admin";
}
