import { redirect } from "react-router";
import type { Route } from "./+types/data-saver";
import { readForm, unreadableFormText } from "#app/server/core/form.server";
import { dataSaverCookie } from "#app/server/reader-pages/data-saver.server";
import { localPath } from "#app/lib/local-path";

/** Turns the data saver on or off for this browser, and goes back to the page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return new Response(unreadableFormText, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const back = localPath(form.get("back"), request.url);
  return redirect(back, { status: 303, headers: { "Set-Cookie": dataSaverCookie(form.get("on") === "on") } });
}

export function loader() {
  return redirect("/");
}
