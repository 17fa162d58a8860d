import { data, Form, redirectDocument, useNavigation } from "react-router";
import { privatePageMeta } from "#app/lib/seo";
import { readForm } from "#app/server/core/form.server";
import type { Route } from "./+types/account";
import { AuthError, readSessionToken, requireUser, sessionCookies } from "#app/server/auth/auth.server";
import {
  cancelEmailChange,
  changePassword,
  deleteAccount,
  listSessions,
  pendingEmailChange,
  requestEmailChange,
  signOutOtherSessions,
  updateDisplayName,
} from "#app/server/auth/account.server";
import { ownerUserId } from "#app/server/auth/owner.server";
import { services } from "#app/server/core/services.server";
import { stampDate } from "#app/server/core/stamps.server";
import { toastHeader } from "#app/server/core/toast.server";
import { passwordMinLength } from "#app/lib/auth-schema";
import { displayNameMaxLength } from "#app/lib/comment-schema";
import { ownerCannotLeaveText } from "#app/lib/account-texts";
import { AccountField, AccountNotice, AccountSubmit } from "#app/components/site/account-form";
import { MyPosts } from "#app/components/site/my-posts";
import { postsOf } from "#app/server/community/my-posts.server";
import { setQuestionMails } from "#app/server/community/community-mail.server";
import { myPostTexts } from "#app/lib/community";
import { isUuid } from "#app/lib/uuid";

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta("Your account", matches);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const token = (await readSessionToken(request))!;
  const { db } = services();
  const [pendingEmail, sessions, owner, posts] = await Promise.all([
    pendingEmailChange(user.id),
    listSessions(user.id, token),
    ownerUserId(db),
    postsOf(db, user.id),
  ]);
  return {
    posts,
    email: user.email,
    displayName: user.displayName ?? "",
    pendingEmail,
    sessions: sessions.map((session) => ({ ...session, created: stampDate(session.createdAt) })),
    isOwner: owner === user.id,
  };
}

type Intent = "display-name" | "email" | "cancel-email" | "password" | "sign-out-others" | "delete" | "question-mails";

const done: Record<Exclude<Intent, "delete" | "question-mails">, string> = {
  "display-name": "Your display name has been saved.",
  email: "We have sent a link to the new address. Your email changes when you open it, signed in to this account.",
  "cancel-email": "The email change has been cancelled. Your email stays as it is.",
  password: "Your password has been changed. Other devices have been signed out.",
  "sign-out-others": "Every other device has been signed out.",
};

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const token = (await readSessionToken(request))!;
  const form = (await readForm(request)) ?? new FormData();
  const field = (name: string) => String(form.get(name) ?? "");
  const intent = field("intent") as Intent;
  if (intent === "question-mails") return questionMailsStep(user.id, field("questionId"), field("mails") === "on");
  try {
    switch (intent) {
      case "display-name":
        await updateDisplayName(user, { displayName: field("displayName") });
        break;
      case "email":
        await requestEmailChange(user, token, { newEmail: field("newEmail"), password: field("emailPassword") });
        break;
      case "cancel-email":
        await cancelEmailChange(user);
        break;
      case "password":
        await changePassword(user, token, { currentPassword: field("currentPassword"), newPassword: field("newPassword") });
        break;
      case "sign-out-others":
        await signOutOtherSessions(user, token);
        break;
      case "delete": {
        await deleteAccount(user, token, { password: field("deletePassword") });
        const headers = new Headers();
        for (const cookie of await sessionCookies(null)) headers.append("Set-Cookie", cookie);
        headers.append("Set-Cookie", await toastHeader({ type: "success", title: "Your account has been deleted." }));
        return redirectDocument("/", { headers });
      }
      default:
        throw new AuthError("Unknown request.");
    }
    return { intent, done: done[intent], error: null, values: { newEmail: "" } };
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    // Passwords are never sent back; the other fields keep what was typed.
    return data({ intent, done: null, error: error.message, values: { newEmail: field("newEmail") } }, { status: error.status });
  }
}

/** Mails about one of the teacher's own questions, on or off: said at that question. */
async function questionMailsStep(userId: string, questionId: string, on: boolean) {
  const title = isUuid(questionId) ? await setQuestionMails(services().db, questionId, on, userId) : null;
  if (title === null) {
    return data({ intent: "question-mails" as const, questionId, done: null, error: myPostTexts.notYours, values: { newEmail: "" } }, { status: 404 });
  }
  const said = on ? myPostTexts.mailsStarted(title) : myPostTexts.mailsStopped(title);
  return { intent: "question-mails" as const, questionId, done: said, error: null, values: { newEmail: "" } };
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border p-6">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyWith = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const answer = (intent: Intent) => (actionData?.intent === intent ? actionData : null);
  const others = loaderData.sessions.filter((session) => !session.current).length;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-16">
      <h1 className="text-3xl font-bold">Your account</h1>

      <Section id="account-profile" title="Profile">
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="display-name" />
          <AccountField
            id="displayName"
            label="Display name"
            required
            maxLength={displayNameMaxLength}
            defaultValue={loaderData.displayName}
            autoComplete="nickname"
          />
          <p className="text-sm text-muted-foreground">Shown with the comments you write.</p>
          <AccountNotice error={answer("display-name")?.error} done={answer("display-name")?.done} />
          <AccountSubmit busy={busyWith === "display-name"}>Save display name</AccountSubmit>
        </Form>
      </Section>

      <Section id="account-posts" title={myPostTexts.heading}>
        <MyPosts posts={loaderData.posts} outcome={answer("question-mails")} />
      </Section>

      <Section id="account-email" title="Email">
        <p>
          You sign in with <strong>{loaderData.email}</strong>.
        </p>
        {loaderData.pendingEmail && (
          <Form method="post" className="space-y-3 rounded-md border border-border p-4">
            <input type="hidden" name="intent" value="cancel-email" />
            <p className="text-sm text-muted-foreground">
              Waiting for confirmation: <strong>{loaderData.pendingEmail}</strong>. Open the link we sent there while signed in to this account, send a new one
              below, or cancel the change.
            </p>
            <AccountSubmit busy={busyWith === "cancel-email"} tone="plain">
              Cancel email change
            </AccountSubmit>
          </Form>
        )}
        <AccountNotice error={answer("cancel-email")?.error} done={answer("cancel-email")?.done} />
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="email" />
          <AccountField
            id="newEmail"
            label="New email"
            type="email"
            required
            autoComplete="email"
            defaultValue={answer("email")?.values.newEmail ?? loaderData.pendingEmail ?? ""}
          />
          <AccountField id="emailPassword" label="Current password" type="password" required autoComplete="current-password" />
          <p className="text-sm text-muted-foreground">We mail a notice to {loaderData.email} too, with a link that undoes the change for 7 days.</p>
          <AccountNotice error={answer("email")?.error} done={answer("email")?.done} />
          <AccountSubmit busy={busyWith === "email"}>Send confirmation link</AccountSubmit>
        </Form>
      </Section>

      <Section id="account-password" title="Password">
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="password" />
          <AccountField id="currentPassword" label="Current password" type="password" required autoComplete="current-password" />
          <AccountField id="newPassword" label="New password" type="password" required minLength={passwordMinLength} autoComplete="new-password" />
          <AccountNotice error={answer("password")?.error} done={answer("password")?.done} />
          <AccountSubmit busy={busyWith === "password"}>Change password</AccountSubmit>
        </Form>
      </Section>

      <Section id="account-sessions" title="Signed-in devices">
        <ul className="divide-y divide-border">
          {loaderData.sessions.map((session, index) => (
            <li key={index} className="flex justify-between gap-4 py-2 text-sm">
              <span>
                {session.device}
                {session.current && <span className="ml-2 rounded bg-secondary px-1.5 py-0.5 text-xs font-medium">This device</span>}
              </span>
              <span className="text-muted-foreground">
                Signed in <time dateTime={session.created.iso}>{session.created.text}</time>
              </span>
            </li>
          ))}
        </ul>
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="sign-out-others" />
          <AccountNotice error={answer("sign-out-others")?.error} done={answer("sign-out-others")?.done} />
          {others > 0 && <AccountSubmit busy={busyWith === "sign-out-others"}>Sign out everywhere else</AccountSubmit>}
        </Form>
      </Section>

      <Section id="account-delete" title="Delete account">
        {loaderData.isOwner ? (
          <p>{ownerCannotLeaveText}</p>
        ) : (
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="delete" />
            <p className="text-sm">Your account and sign-ins are deleted for good. Your comments stay on the site, shown as an anonymous reader's.</p>
            <AccountField id="deletePassword" label="Current password" type="password" required autoComplete="current-password" />
            <AccountNotice error={answer("delete")?.error} />
            <AccountSubmit busy={busyWith === "delete"} tone="danger">
              Delete my account
            </AccountSubmit>
          </Form>
        )}
      </Section>
    </div>
  );
}
