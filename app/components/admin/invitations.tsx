import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { roleLabels, type Role } from "#app/lib/access";
import type { Toast } from "#app/lib/toast";
import { useActionToast } from "#app/lib/use-action-toast";
import { Button } from "#app/components/ui/button";
import { SelectField, TextField } from "#app/components/ui/field";

export interface InvitationActionData {
  ok: boolean;
  /** An invitation waits for the admin's password (theirs was typed more than 10 minutes ago). */
  needsPassword?: boolean;
  toast: Toast;
}

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
export function Invitations({ roles, open }: { roles: readonly Role[]; open: OpenInvitation[] }) {
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
        They get a link by email (it works once, for 7 days) to choose a password; an existing account gets the role when they use it.
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
          {busy ? "Sending..." : "Send invitation"}
        </Button>
      </fetcher.Form>
      {open.length > 0 && (
        <ul className="mt-4 divide-y divide-border text-sm" aria-label="Invitations not used yet">
          {open.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{invitation.email}</span> · {roleLabels[invitation.role]} · sent{" "}
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
