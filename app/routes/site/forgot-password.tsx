import { data, Form, Link, useNavigation } from "react-router";
import { privatePageMeta } from "#app/lib/seo";
import { readForm } from "#app/server/core/form.server";
import type { Route } from "./+types/forgot-password";
import { AuthError, clientInfo } from "#app/server/auth/auth.server";
import { requestPasswordReset, resendConfirmation } from "#app/server/auth/account.server";
import { resendRequestedText, resetRequestedText } from "#app/lib/account-texts";
import { AccountField, AccountNotice, AccountSubmit } from "#app/components/site/account-form";

// One screen, two requests by email: a reset link (/auth/forgot) or a new confirmation link (/auth/resend).
const screens = {
  forgot: {
    title: "Forgot your password?",
    lead: "Enter the email of your account and we will send it a link to choose a new password.",
    button: "Send reset link",
    done: resetRequestedText,
  },
  resend: {
    title: "Resend the confirmation email",
    lead: "Enter the email you signed up with and we will send it a new link to confirm it.",
    button: "Send new link",
    done: resendRequestedText,
  },
};

const screenOf = (request: Request) => (new URL(request.url).pathname === "/auth/resend" ? "resend" : "forgot");

export const meta: Route.MetaFunction = ({ data: screen, matches }) => privatePageMeta(screens[screen ?? "forgot"].title, matches);

export function loader({ request }: Route.LoaderArgs) {
  return screenOf(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  const kind = screenOf(request);
  const screen = screens[kind];
  const email = String((await readForm(request))?.get("email") ?? "");
  try {
    await (kind === "resend" ? resendConfirmation : requestPasswordReset)({ email }, clientInfo(request, context));
    return { email, done: screen.done, error: null };
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return data({ email, done: null, error: error.message }, { status: error.status });
  }
}

export default function EmailLinkRequest({ loaderData, actionData }: Route.ComponentProps) {
  const screen = screens[loaderData];
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-3xl font-bold">{screen.title}</h1>
      <p className="mt-3 text-center text-muted-foreground">{screen.lead}</p>
      <Form method="post" className="mt-8 space-y-4">
        <AccountField id="email" label="Email" type="email" required autoComplete="email" defaultValue={actionData?.email} />
        <AccountNotice error={actionData?.error} done={actionData?.done} />
        <AccountSubmit busy={busy}>{screen.button}</AccountSubmit>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/auth" className="font-medium text-accent underline">
          Back to Sign In
        </Link>
      </p>
    </div>
  );
}
