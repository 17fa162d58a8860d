import { data } from "react-router";
import type { Route } from "./+types/newsletter-unsubscribe";
import { readForm } from "#app/server/core/form.server";
import { subscriberForUnsubscribe, unsubscribe } from "#app/server/newsletter/newsletter.server";
import { unsubscribedText, unsubscribeLinkInvalidText } from "#app/lib/newsletter-texts";
import { buttonClass } from "#app/components/ui/button";

export const meta: Route.MetaFunction = () => [{ title: "Unsubscribe | The Educator" }, { name: "robots", content: "noindex" }];

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

/** Opening the link only asks: mail scanners follow links, and a GET must not unsubscribe anyone. */
export async function loader({ request }: Route.LoaderArgs) {
  const subscriber = await subscriberForUnsubscribe(tokenOf(request));
  if (!subscriber) return data({ state: "invalid" as const, email: null }, { status: 404 });
  return { state: subscriber.status === "unsubscribed" ? ("done" as const) : ("ask" as const), email: subscriber.email };
}

/**
 * The button on this page, and RFC 8058 one-click: mail programs POST `List-Unsubscribe=One-Click`
 * to the List-Unsubscribe address. The token in the address is the authority; no session is needed.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return data({ state: "invalid" as const }, { status: 400 });
  const token = tokenOf(request) || String(form.get("token") ?? "");
  if (!(await unsubscribe(token))) return data({ state: "invalid" as const }, { status: 400 });
  return { state: "done" as const };
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      {state === "invalid" && (
        <>
          <h1 className="text-2xl font-bold">This link is not valid</h1>
          <p className="mt-2">{unsubscribeLinkInvalidText}</p>
        </>
      )}
      {state === "done" && (
        <>
          <h1 className="text-2xl font-bold">Unsubscribed</h1>
          <p role="status" className="mt-2">
            {unsubscribedText}
          </p>
        </>
      )}
      {state === "ask" && (
        <>
          <h1 className="text-2xl font-bold">Unsubscribe from the weekly digest?</h1>
          <p className="mt-2">
            <strong className="break-all">{loaderData.email}</strong> will get no more digests from The Educator.
          </p>
          <form method="post" className="mt-6">
            <button type="submit" className={buttonClass("primary", "lg")}>
              Unsubscribe
            </button>
          </form>
        </>
      )}
    </div>
  );
}
