import { redirect } from "react-router";
import { accessDeniedText, can, isStaff, mayOpen, type Ability } from "#app/lib/access";
import { requireUser, type SessionUser } from "./auth.server";

/** The answer to an account that tries what its role does not allow (pages show the access-denied text): nothing changes. */
export const accessDenied = () => Response.json({ error: accessDeniedText }, { status: 403 });

/** The signed-in account that may do `ability`, or: sign in first (401 for API calls), or 403 (pages show the access-denied text). */
export async function requireAbility(request: Request, ability: Ability): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!can(user.role, ability)) throw accessDenied();
  return user;
}

/**
 * The admin area's one guard (its layout's middleware, before every loader and action): the
 * signed-in account may open the screen at this address (app/lib/access.ts, adminScreens). Staff
 * who may not see the dashboard land on their articles.
 */
export async function requireAdminScreen(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  const { pathname } = new URL(request.url);
  if (mayOpen(user.role, pathname)) return user;
  if (isStaff(user.role) && pathname.replace(/(\.data)?\/*$/, "") === "/admin" && request.method === "GET") throw redirect("/admin/articles");
  throw accessDenied();
}
