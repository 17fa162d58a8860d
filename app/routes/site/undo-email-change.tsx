import { data, Form, Link, redirectDocument, useNavigation } from "react-router";
import { privatePageMeta } from "#app/lib/seo";
import type { Route } from "./+types/undo-email-change";
import { readForm } from "#app/server/core/form.server";
import { emailChangeToUndo, undoEmailChange } from "#app/server/auth/account.server";
import { resetPath } from "#app/server/auth/account-mail.server";
import { sessionCookies } from "#app/server/auth/auth.server";
import { toastHeader } from "#app/server/core/toast.server";
import { AccountNotice, AccountSubmit } from "#app/components/site/account-form";

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta("Undo an email change", matches);

const invalidText = "This link has expired or was already used.";
const takenText = "Another account uses your old address now, so it cannot be given back. Write to the site's team for help.";

/** Opening the link changes nothing (mail scanners open links too): the button does. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const change = token ? await emailChangeToUndo(token) : null;
  return { token, change: change && { oldEmail: change.oldEmail, newEmail: change.newEmail, confirmed: change.confirmedAt !== null } };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const outcome = await undoEmailChange(String(form?.get("token") ?? ""));
  if (outcome.status !== "undone") return data({ error: outcome.status === "taken" ? takenText : invalidText }, { status: 400 });
  // Every session has ended, this browser's too: the next step is a new password, from a fresh reset link.
  const headers = new Headers();
  for (const cookie of await sessionCookies(null)) headers.append("Set-Cookie", cookie);
  headers.append(
    "Set-Cookie",
    await toastHeader({
      type: "success",
      title: `Your email is ${outcome.email}`,
      description: "Every device has been signed out. Choose a new password now.",
    }),
  );
  return redirectDocument(resetPath(outcome.resetToken), { headers });
}

export default function UndoEmailChange({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { change } = loaderData;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-3xl font-bold">Undo an email change</h1>
      {change ? (
        <Form method="post" className="mt-8 space-y-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <p>
            {change.confirmed ? "The email of your account was changed" : "Someone asked to change the email of your account"} from{" "}
            <strong>{change.oldEmail}</strong> to <strong>{change.newEmail}</strong>.
          </p>
          <p className="text-sm text-muted-foreground">
            If it was not you, whoever did it knows your password. Undoing {change.confirmed ? "gives your account back its old address" : "stops the change"},
            signs every device out, and takes you to choose a new password.
          </p>
          <AccountNotice error={actionData?.error} />
          <AccountSubmit busy={busy}>Undo and secure my account</AccountSubmit>
        </Form>
      ) : (
        <div className="mt-6 space-y-4 text-center">
          <p>{invalidText}</p>
          <p className="text-sm">If you think someone else knows your password, choose a new one: it signs every device out.</p>
          <Link to="/auth/forgot" className="inline-block font-medium text-accent underline">
            Choose a new password
          </Link>
        </div>
      )}
    </div>
  );
}
