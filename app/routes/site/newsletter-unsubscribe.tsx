import { data } from "react-router";
import { privatePageMeta } from "#app/lib/seo";
import type { Route } from "./+types/newsletter-unsubscribe";
import { readForm } from "#app/server/core/form.server";
import { subscriberForUnsubscribe, unsubscribe } from "#app/server/newsletter/newsletter.server";
import { unsubscribedText, unsubscribeLinkInvalidText } from "#app/lib/newsletter-texts";
import { UnsubscribeScreen } from "#app/components/site/unsubscribe-screen";

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta("Unsubscribe", matches);

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
  return (
    <UnsubscribeScreen
      state={actionData?.state ?? loaderData.state}
      invalidText={unsubscribeLinkInvalidText}
      doneText={unsubscribedText}
      askTitle="Unsubscribe from the weekly digest?"
      askText={
        <>
          <strong className="break-all">{loaderData.email}</strong> will get no more digests from The Educator.
        </>
      }
    />
  );
}
