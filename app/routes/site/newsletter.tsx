import { data } from "react-router";
import { privatePageMeta } from "#app/lib/seo";
import type { Route } from "./+types/newsletter";
import { readForm } from "#app/server/core/form.server";
import { clientInfo } from "#app/server/auth/auth.server";
import { NewsletterInputError, requestSubscription } from "#app/server/newsletter/newsletter.server";
import { subscribeRequestedText } from "#app/lib/newsletter-texts";
import { AccountNotice } from "#app/components/site/account-form";
import { NewsletterSignup } from "#app/components/site/newsletter-signup";

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta("Newsletter", matches);

/** The subscribe form of the home and article pages posts here; the reply never tells whether the email was known. */
export async function action({ request, context }: Route.ActionArgs) {
  const email = String((await readForm(request))?.get("email") ?? "");
  try {
    await requestSubscription({ email }, clientInfo(request, context));
    return { done: subscribeRequestedText, error: null };
  } catch (error) {
    if (!(error instanceof NewsletterInputError)) throw error;
    return data({ done: null, error: error.message }, { status: error.status });
  }
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-center text-3xl font-bold">{actionData?.done ? "Check your inbox" : "The Educator's newsletter"}</h1>
      <div className="mt-6">
        <AccountNotice error={actionData?.error} done={actionData?.done} />
      </div>
      {!actionData?.done && <NewsletterSignup id="newsletter-page" className="mt-6" />}
    </div>
  );
}
