import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { sessionCookieHeader, signOut } from "../../server/auth.server";
import { toastHeader } from "../../server/toast.server";

export async function action({ request }: Route.ActionArgs) {
  await signOut(request);
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionCookieHeader(null));
  headers.append("Set-Cookie", await toastHeader({ type: "success", title: "Signed out", description: "You have been signed out successfully." }));
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
