import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { roleLabels, type Role } from "#app/lib/access";
import { copyLink } from "#app/lib/share";
import type { Toast } from "#app/lib/toast";
import { useActionToast } from "#app/lib/use-action-toast";
import { Button } from "#app/components/ui/button";
import { SelectField, TextField } from "#app/components/ui/field";

export interface InvitationActionData {
  ok: boolean;
  /** An invitation waits for the admin's password (theirs was typed more than 10 minutes ago). */
  needsPassword?: boolean;
  /** Made without a mail server: the link to pass on, shown once (only its hash is kept). */
  link?: { email: string; url: string };
  toast: Toast;
}

export const invitationTexts = {
  linkReady: "The invitation link is ready",
  copyIt: (email: string) => `No mail server is set up, so no email was sent: copy the link and send it to ${email} yourself.`,
};

export interface OpenInvitation {
  id: string;
  email: string;
  role: Role;
  created: { iso: string; text: string };
  expires: { iso: string; text: string };
}

/**
 * Invite someone to the staff by email with a role (the Users screen), and the invitations not
 * used yet, each of which can be withdrawn.
 */
export function Invitations({ roles, open, mailed }: { roles: readonly Role[]; open: OpenInvitation[]; mailed: boolean }) {
  const fetcher = useFetcher<InvitationActionData>({ key: "invite" });
  const revoke = useFetcher<InvitationActionData>({ key: "invitation-revoke" });
  useActionToast(fetcher.data);
  useActionToast(revoke.data);
  const busy = fetcher.state !== "idle";
  // Sent: the fields empty for the next invitation; a refusal keeps what was typed.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.data?.ok) form.current?.reset();
  }, [fetcher.data]);
  return (
    <section aria-labelledby="invite-heading" className="mt-6 rounded-xl border border-border p-5">
      <h2 id="invite-heading" className="text-lg font-bold">
        Invite someone
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {mailed
          ? "They get a link by email (it works once, for 7 days) to choose a password; an existing account gets the role when they use it."
          : "No mail server is set up: you get a link to send them yourself (it works once, for 7 days) to choose a password; an existing account gets the role when they use it."}
      </p>
      <fetcher.Form ref={form} method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="invite" />
        <div className="min-w-64 flex-1">
          <TextField id="invite-email" name="email" type="email" label="Email" required autoComplete="off" />
        </div>
        <SelectField id="invite-role" name="role" label="Role to give" defaultValue="contributor">
          {roles.map((role) => (
            <option key={role} value={role}>
              {roleLabels[role]}
            </option>
          ))}
        </SelectField>
        {fetcher.data?.needsPassword && (
          <TextField id="invite-password" name="password" type="password" label="Your password" autoComplete="current-password" />
        )}
        <Button type="submit" disabled={busy}>
          {mailed ? (busy ? "Sending..." : "Send invitation") : busy ? "Making the link..." : "Make invitation link"}
        </Button>
      </fetcher.Form>
      {fetcher.data?.link && <InvitationLink {...fetcher.data.link} />}
      {open.length > 0 && (
        <ul className="mt-4 divide-y divide-border text-sm" aria-label="Invitations not used yet">
          {open.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{invitation.email}</span> · {roleLabels[invitation.role]} · {mailed ? "sent" : "made"}{" "}
                <time dateTime={invitation.created.iso}>{invitation.created.text}</time>, until{" "}
                <time dateTime={invitation.expires.iso}>{invitation.expires.text}</time>
              </span>
              <revoke.Form method="post">
                <input type="hidden" name="intent" value="revoke-invitation" />
                <input type="hidden" name="id" value={invitation.id} />
                <Button
                  type="submit"
                  variant="outline"
                  size="sm"
                  disabled={revoke.state !== "idle"}
                  aria-label={`Withdraw the invitation of ${invitation.email}`}
                >
                  Withdraw
                </Button>
              </revoke.Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The link of an invitation made without a mail server, with a button that copies it. */
function InvitationLink({ email, url }: { email: string; url: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div role="status" className="mt-4 rounded-md border border-success-border bg-success-soft p-3 text-sm text-success-soft-foreground">
      <p className="font-medium">{`${invitationTexts.linkReady}. ${invitationTexts.copyIt(email)}`}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <input
          readOnly
          value={url}
          aria-label={`Invitation link for ${email}`}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-64 flex-1 rounded-md border border-input bg-card px-2 py-1 font-mono text-xs text-foreground"
        />
        <Button type="button" variant="outline" size="sm" onClick={() => void copyLink(url).then((outcome) => setCopied(Boolean(outcome?.copied)))}>
          Copy link
        </Button>
      </div>
      {copied !== null && <p className="mt-1">{copied ? "Copied." : "Could not copy: select the link and copy it."}</p>}
    </div>
  );
}
