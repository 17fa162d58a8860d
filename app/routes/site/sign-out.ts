import { redirect, redirectDocument } from "react-router";
import type { Route } from "./+types/sign-out";
import { sessionCookies, signOut } from "#app/server/auth/auth.server";
import { toastHeader } from "#app/server/core/toast.server";

export async function action({ request }: Route.ActionArgs) {
  await signOut(request);
  const headers = new Headers();
  for (const cookie of await sessionCookies(null)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await toastHeader({ type: "success", title: "Signed out", description: "You have been signed out successfully." }));
  // Home is a reader page: loaded as a document, it shows the toast the cookie carries.
  return redirectDocument("/", { headers });
}

export function loader() {
  return redirect("/");
}
