import { data, Form, Link, redirectDocument, useNavigation } from "react-router";
import { privatePageMeta } from "#app/lib/seo";
import { readForm } from "#app/server/core/form.server";
import type { Route } from "./+types/reset-password";
import { AuthError, clientInfo, sessionCookies } from "#app/server/auth/auth.server";
import { isUsableResetToken, resetPassword } from "#app/server/auth/account.server";
import { resetLinkInvalidText } from "#app/lib/account-texts";
import { toastHeader } from "#app/server/core/toast.server";
import { passwordMinLength } from "#app/lib/auth-schema";
import { AccountField, AccountNotice, AccountSubmit } from "#app/components/site/account-form";

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta("Choose a new password", matches);

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, usable: token !== "" && (await isUsableResetToken(token)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = (await readForm(request)) ?? new FormData();
  try {
    const session = await resetPassword({ token: String(form.get("token") ?? ""), password: String(form.get("password") ?? "") }, clientInfo(request, context));
    const headers = new Headers();
    for (const cookie of await sessionCookies(session)) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", await toastHeader({ type: "success", title: "Your password has been changed. You are signed in." }));
    return redirectDocument("/", { headers });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return data({ error: error.message }, { status: error.status });
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const expired = !loaderData.usable || actionData?.error === resetLinkInvalidText;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-3xl font-bold">Choose a new password</h1>
      {expired ? (
        <div className="mt-6 text-center">
          <p>{resetLinkInvalidText}</p>
          <Link to="/auth/forgot" className="mt-6 inline-block font-medium text-accent underline">
            Ask for a new link
          </Link>
        </div>
      ) : (
        <Form method="post" className="mt-8 space-y-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <AccountField id="password" label="New password" type="password" required minLength={passwordMinLength} autoComplete="new-password" />
          <p className="text-sm text-muted-foreground">
            At least {passwordMinLength} characters, and not one of the most common passwords. Every device signed in to your account will be signed out.
          </p>
          <AccountNotice error={actionData?.error} />
          <AccountSubmit busy={busy}>Save new password</AccountSubmit>
        </Form>
      )}
    </div>
  );
}
