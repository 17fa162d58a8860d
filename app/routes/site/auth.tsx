import { useEffect, useState } from "react";
import { data, Form, redirect, redirectDocument, useNavigation } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/auth";
import { localPath } from "../../lib/local-path";
import { AuthError, clientInfo, getUser, sessionCookieHeader, signIn, signUp } from "../../server/auth.server";
import { toastHeader } from "../../server/toast.server";
import { passwordMinLength } from "../../lib/auth-schema";

export const meta: Route.MetaFunction = () => [{ title: "Sign In | The Educator" }, { name: "robots", content: "noindex" }];

/** Only paths on this site, never another host. */
export async function loader({ request }: Route.LoaderArgs) {
  if (await getUser(request)) throw redirect("/");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent: "sign-in" | "sign-up" = form.get("intent") === "sign-up" ? "sign-up" : "sign-in";
  const values = { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
  const client = clientInfo(request);
  try {
    if (intent === "sign-in") {
      const token = await signIn(values, client);
      const headers = new Headers();
      headers.append("Set-Cookie", await sessionCookieHeader(token));
      headers.append("Set-Cookie", await toastHeader({ type: "success", title: "Signed in successfully!" }));
      // A document load: the page may be a reader page, whose behaviour comes with the document (and shows the toast).
      return redirectDocument(localPath(new URL(request.url).searchParams.get("redirectTo"), request.url), { headers });
    }
    const result = await signUp(values, client);
    const headers = new Headers();
    if (result.sessionToken) headers.append("Set-Cookie", await sessionCookieHeader(result.sessionToken));
    headers.append("Set-Cookie", await toastHeader({ type: "success", title: "Account created successfully! Please check your email for verification." }));
    return redirectDocument(result.sessionToken ? "/" : "/auth", { headers });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    // The password is never sent back; the email and the tab are kept.
    return data({ intent, email: values.email, error: error.message }, { status: error.status });
  }
}

const inputClass =
  "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const [tab, setTab] = useState<"sign-in" | "sign-up">(actionData?.intent === "sign-up" ? "sign-up" : "sign-in");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useEffect(() => {
    if (actionData?.error) toast.error("Error", { description: actionData.error });
  }, [actionData]);
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-3xl font-bold">Welcome to The Educator</h1>
      <div role="tablist" aria-label="Account" className="mt-8 grid grid-cols-2 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
        {(["sign-in", "sign-up"] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`tab-${value}`}
            aria-selected={tab === value}
            aria-controls="auth-panel"
            onClick={() => setTab(value)}
            className={`rounded-md py-2 text-sm font-semibold ${tab === value ? "bg-white shadow dark:bg-slate-950" : ""}`}
          >
            {value === "sign-in" ? "Sign In" : "Sign Up"}
          </button>
        ))}
      </div>
      <Form method="post" id="auth-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="mt-6 space-y-4" key={tab}>
        <input type="hidden" name="intent" value={tab} />
        <div>
          <label htmlFor="email" className="text-sm font-medium">
            Email
          </label>
          <input id="email" name="email" type="email" required autoComplete="email" defaultValue={actionData?.email} className={inputClass} />
        </div>
        <div>
          <label htmlFor="password" className="text-sm font-medium">
            Password
          </label>
          <input
            id="password"
            name="password"
            type="password"
            required
            minLength={tab === "sign-up" ? passwordMinLength : undefined}
            autoComplete={tab === "sign-up" ? "new-password" : "current-password"}
            className={inputClass}
          />
        </div>
        {actionData?.error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {actionData.error}
          </p>
        )}
        <button type="submit" disabled={busy} className="w-full rounded-md bg-accent py-2.5 font-semibold text-accent-foreground disabled:opacity-60">
          {busy ? "Please wait..." : tab === "sign-in" ? "Sign In" : "Sign Up"}
        </button>
      </Form>
    </div>
  );
}
