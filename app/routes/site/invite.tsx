import { data, Form, Link, redirectDocument, useNavigation } from "react-router";
import { privatePageMeta, siteFrom } from "#app/lib/seo";
import { readForm } from "#app/server/core/form.server";
import type { Route } from "./+types/invite";
import { AuthError, clientInfo, sessionCookies } from "#app/server/auth/auth.server";
import { acceptInvitation, openInvitation } from "#app/server/users/invitations.server";
import { invitationInvalidText } from "#app/lib/account-texts";
import { toastHeader } from "#app/server/core/toast.server";
import { passwordMinLength } from "#app/lib/auth-schema";
import { roleLabels } from "#app/lib/access";
import { AccountField, AccountNotice, AccountSubmit } from "#app/components/site/account-form";
import { useSiteSettings } from "#app/lib/root-data";

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(`Join ${siteFrom(matches).siteName}`, matches);

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, invitation: await openInvitation(token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = (await readForm(request)) ?? new FormData();
  const field = (name: string) => String(form.get(name) ?? "");
  try {
    const session = await acceptInvitation(
      { token: field("token"), password: field("password"), displayName: field("displayName") },
      clientInfo(request, context),
    );
    const headers = new Headers();
    for (const cookie of await sessionCookies(session)) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", await toastHeader({ type: "success", title: "Welcome to The Educator! You are signed in." }));
    return redirectDocument("/admin", { headers });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    // The name typed comes back; the password is never sent back.
    return data({ error: error.message, displayName: field("displayName") }, { status: error.status });
  }
}

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { invitation } = loaderData;
  const expired = !invitation || actionData?.error === invitationInvalidText;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-3xl font-bold">Join {useSiteSettings().name}</h1>
      {expired ? (
        <div className="mt-6 text-center">
          <p>{invitationInvalidText}</p>
          <Link to="/" className="mt-6 inline-block font-medium text-accent underline">
            Return to Home
          </Link>
        </div>
      ) : (
        <Form method="post" className="mt-8 space-y-4">
          <p className="text-center text-muted-foreground">
            You are invited as {/^[AEIOU]/.test(roleLabels[invitation.role]) ? "an" : "a"} <strong>{roleLabels[invitation.role]}</strong> with{" "}
            <strong>{invitation.email}</strong>.
          </p>
          <input type="hidden" name="token" value={loaderData.token} />
          <AccountField
            id="displayName"
            label="Your name, as readers will see it"
            required
            maxLength={80}
            autoComplete="name"
            defaultValue={actionData?.displayName}
          />
          <AccountField id="password" label="Choose a password" type="password" required minLength={passwordMinLength} autoComplete="new-password" />
          <p className="text-sm text-muted-foreground">At least {passwordMinLength} characters, and not one of the most common passwords.</p>
          <AccountNotice error={actionData?.error} />
          <AccountSubmit busy={busy}>Join</AccountSubmit>
        </Form>
      )}
    </div>
  );
}
