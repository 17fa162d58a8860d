import { Link } from "react-router";
import { privatePageMeta } from "#app/lib/seo";
import type { Route } from "./+types/newsletter-confirm";
import { confirmSubscription } from "#app/server/newsletter/newsletter.server";
import { confirmedText, confirmLinkInvalidText } from "#app/lib/newsletter-texts";

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta("Confirm subscription", matches);

/** The link from the confirmation mail: single use, 7 days. */
export async function loader({ request }: Route.LoaderArgs) {
  return { confirmed: await confirmSubscription(new URL(request.url).searchParams.get("token") ?? "") };
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{loaderData.confirmed ? "Subscription confirmed" : "This link is not valid"}</h1>
      <p className="mt-2">{loaderData.confirmed ? confirmedText : confirmLinkInvalidText}</p>
      <Link to="/" className="mt-6 inline-block font-medium text-accent underline">
        Go to the home page
      </Link>
    </div>
  );
}
