import { useEffect, useState } from "react";
import { privatePageMeta } from "#app/lib/seo";
import { data, Form, Link, redirect, redirectDocument, useNavigation } from "react-router";
import { readForm } from "#app/server/core/form.server";
import { showToast } from "#app/lib/toast";
import type { Route } from "./+types/auth";
import { localPath } from "#app/lib/local-path";
import { ownPage } from "#app/lib/viewer";
import { AuthError, clientInfo, getUser, sessionCookies, signIn, signUp } from "#app/server/auth/auth.server";
import { signOutNotice } from "#app/server/auth/session-endings.server";
import { toastHeader } from "#app/server/core/toast.server";
import { passwordMinLength } from "#app/lib/auth-schema";
import { AccountField, AccountNotice, AccountSubmit } from "#app/components/site/account-form";
import { Tabs } from "#app/components/ui/tabs";
import { useSiteSettings } from "#app/lib/root-data";
import { invitationOnlyText } from "#app/lib/site-settings";

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta("Sign In", matches);

/** Only paths on this site, never another host. */
export async function loader({ request }: Route.LoaderArgs) {
  // Signed in already: back to the page that sent them here, as theirs (a browser that runs no
  // script sees the page kept for everyone as a guest's, and comes here from its "Sign In").
  if (await getUser(request)) throw redirect(ownPage(localPath(new URL(request.url).searchParams.get("redirectTo"), request.url), request.url));
  // Signed out for a reason (a role change): said here, once.
  const signedOut = await signOutNotice(request);
  const headers = new Headers();
  for (const cookie of signedOut?.clearCookies ?? []) headers.append("Set-Cookie", cookie);
  return data({ signedOut: signedOut?.text ?? null }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = (await readForm(request)) ?? new FormData();
  const intent: "sign-in" | "sign-up" = form.get("intent") === "sign-up" ? "sign-up" : "sign-in";
  const values = { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
  const client = clientInfo(request, context);
  try {
    if (intent === "sign-in") {
      const token = await signIn(values, client);
      const headers = new Headers();
      for (const cookie of await sessionCookies(token)) headers.append("Set-Cookie", cookie);
      headers.append("Set-Cookie", await toastHeader({ type: "success", title: "Signed in successfully!" }));
      // A document load: the page may be a reader page, whose behaviour comes with the document (and shows the toast).
      return redirectDocument(localPath(new URL(request.url).searchParams.get("redirectTo"), request.url), { headers });
    }
    const result = await signUp(values, client);
    const headers = new Headers();
    if (result.sessionToken) for (const cookie of await sessionCookies(result.sessionToken)) headers.append("Set-Cookie", cookie);
    // Without a mail server no link can be mailed, and none is needed: the account is verified and signed in at once.
    const title = result.sessionToken
      ? "Account created successfully! You are signed in."
      : "Account created successfully! Please check your email for verification.";
    headers.append("Set-Cookie", await toastHeader({ type: "success", title }));
    // Signed in at once: back to the page that sent them here (a question they came to answer, say);
    // else to sign in once the address is confirmed, still on the way back there.
    const url = new URL(request.url);
    return redirectDocument(result.sessionToken ? localPath(url.searchParams.get("redirectTo"), request.url) : `/auth${url.search}`, { headers });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    // The password is never sent back; the email and the tab are kept.
    return data({ intent, email: values.email, error: error.message }, { status: error.status });
  }
}

const authTabs = [
  { value: "sign-in", label: "Sign In" },
  { value: "sign-up", label: "Sign Up" },
] as const;

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSiteSettings();
  const openToAll = site.signUp === "open";
  const [tab, setTab] = useState<"sign-in" | "sign-up">(actionData?.intent === "sign-up" && openToAll ? "sign-up" : "sign-in");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useEffect(() => {
    if (actionData?.error) showToast({ type: "error", title: "Error", description: actionData.error });
  }, [actionData]);
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-3xl font-bold">Welcome to {site.name}</h1>
      {loaderData.signedOut && (
        <p role="status" className="mt-6 rounded-md border border-warning-border bg-warning-soft px-3 py-2 text-sm text-warning-soft-foreground">
          {loaderData.signedOut}
        </p>
      )}
      {openToAll ? (
        <Tabs<(typeof authTabs)[number]["value"]>
          label="Account"
          idPrefix="tab"
          panelId="auth-panel"
          className="mt-8"
          value={tab}
          onChange={setTab}
          tabs={authTabs}
        />
      ) : (
        <p className="mt-6 text-center text-muted-foreground">{invitationOnlyText}</p>
      )}
      <Form
        method="post"
        id="auth-panel"
        {...(openToAll ? { role: "tabpanel", "aria-labelledby": `tab-${tab}` } : { "aria-label": "Sign In" })}
        className="mt-6 space-y-4"
        key={tab}
      >
        <input type="hidden" name="intent" value={tab} />
        <AccountField id="email" label="Email" type="email" required autoComplete="email" defaultValue={actionData?.email} />
        <AccountField
          id="password"
          label="Password"
          type="password"
          required
          minLength={tab === "sign-up" ? passwordMinLength : undefined}
          autoComplete={tab === "sign-up" ? "new-password" : "current-password"}
        />
        <AccountNotice error={actionData?.error} />
        <AccountSubmit busy={busy}>{tab === "sign-in" ? "Sign In" : "Sign Up"}</AccountSubmit>
      </Form>
      <p className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        <Link to="/auth/forgot" className="font-medium text-accent underline">
          Forgot password?
        </Link>
        <Link to="/auth/resend" className="font-medium text-accent underline">
          Didn't get the confirmation email?
        </Link>
      </p>
    </div>
  );
}
