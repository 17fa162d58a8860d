import { roleLabels, roles, type Role } from "#app/lib/access";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Pencil } from "lucide-react";
import { Button } from "#app/components/ui/button";
import { controlClass } from "#app/components/ui/field";
import { Td } from "#app/components/ui/table";
import { ShortId } from "./short-id";
import type { Toast } from "#app/lib/toast";

export interface UserActionData {
  ok: boolean;
  /** The profile the answer is about: only that row leaves edit mode. */
  id?: string;
  /** A role change waits for the admin's password (theirs was typed more than 10 minutes ago). */
  needsPassword?: boolean;
  toast: Toast;
}

// Shared by every row: the screen shows the toast, since a row can leave the filtered list when the answer lands.
export const userFetcherKey = "user-save";

export interface UserRowData {
  id: string;
  displayName: string | null;
  email: string;
  role: Role;
  bio: string | null;
  avatarUrl: string | null;
  created: { iso: string; text: string };
}

function initials(name: string | null) {
  const letters = (name ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
  return letters || "?";
}

function Avatar({ name, url }: { name: string | null; url: string | null }) {
  if (url) return <img src={url} alt="" className="size-9 shrink-0 rounded-full object-cover" />;
  return (
    <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-foreground">
      {initials(name)}
    </span>
  );
}

/** One profile: read-only, or inline edit of display name, role and bio with save and cancel. */
export function UserRow({ user }: { user: UserRowData }) {
  const fetcher = useFetcher<UserActionData>({ key: userFetcherKey });
  // Edit mode remembers the answer current when it opened: a newer successful save for this row closes it.
  const [openedAt, setOpenedAt] = useState<{ answer: UserActionData | undefined } | null>(null);
  const savedSinceOpened = fetcher.state === "idle" && fetcher.data !== openedAt?.answer && fetcher.data?.ok === true && fetcher.data.id === user.id;
  const editing = openedAt !== null && !savedSinceOpened;
  const formId = `user-edit-${user.id}`;
  const label = user.displayName ?? user.id;
  const busy = fetcher.state !== "idle";
  const askPassword = editing && fetcher.data?.needsPassword === true && fetcher.data.id === user.id;
  return (
    <tr>
      <Td label="User" wide className="min-w-48">
        <div className="flex items-start gap-3">
          <Avatar name={user.displayName} url={user.avatarUrl} />
          {editing ? (
            <div className="grid min-w-56 gap-2">
              <label className="text-xs font-medium">
                Display name
                <input form={formId} name="displayName" defaultValue={user.displayName ?? ""} className={controlClass} />
              </label>
              <label className="text-xs font-medium">
                Bio
                <textarea form={formId} name="bio" rows={2} defaultValue={user.bio ?? ""} className={controlClass} />
              </label>
            </div>
          ) : (
            <div>
              <p className="font-medium">{user.displayName ?? "No name"}</p>
              <p className="text-sm break-all text-muted-foreground">{user.email}</p>
              {user.bio && <p className="max-w-sm text-sm text-muted-foreground">{user.bio}</p>}
            </div>
          )}
        </div>
      </Td>
      <Td label="Role">
        {editing ? (
          <label className="text-xs font-medium">
            Role
            <select form={formId} name="role" defaultValue={user.role} className={controlClass}>
              {roles.map((role) => (
                <option key={role} value={role}>
                  {roleLabels[role]}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <span className="capitalize">{user.role}</span>
        )}
      </Td>
      <Td label="User ID" className="whitespace-nowrap">
        {/* Silent on failure: clipboard errors on the users screen show nothing. */}
        <ShortId id={user.id} copyLabel={`Copy user ID of ${label}`} quietFailure />
      </Td>
      <Td label="Created" className="whitespace-nowrap">
        <time dateTime={user.created.iso}>{user.created.text}</time>
      </Td>
      <Td label="Actions">
        {editing ? (
          <fetcher.Form id={formId} method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="id" value={user.id} />
            {askPassword && (
              <label className="text-xs font-medium">
                Your password
                <input type="password" name="password" required autoComplete="current-password" autoFocus className={controlClass} />
              </label>
            )}
            <Button type="submit" size="sm" disabled={busy}>
              {busy ? "Saving..." : "Save"}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setOpenedAt(null)}>
              Cancel
            </Button>
          </fetcher.Form>
        ) : (
          <Button variant="ghost" size="icon" aria-label={`Edit ${label}`} title="Edit" onClick={() => setOpenedAt({ answer: fetcher.data })}>
            <Pencil className="size-4" aria-hidden />
          </Button>
        )}
      </Td>
    </tr>
  );
}
