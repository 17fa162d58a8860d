import { data, useFetcher } from "react-router";
import { readForm } from "#app/server/core/form.server";
import { z } from "zod";
import type { Route } from "./+types/users";
import { formErrors, profileEditSchema } from "#app/lib/admin-schemas";
import { useActionToast } from "#app/lib/use-action-toast";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";
import { AuthError, PasswordNeededError, requireRecentPassword, type SessionUser } from "#app/server/auth/auth.server";
import { invitableRoles, invite, listOpenInvitations, revokeInvitation } from "#app/server/users/invitations.server";
import { Invitations, invitationTexts, type InvitationActionData } from "#app/components/admin/invitations";
import { requireAbility } from "#app/server/auth/access.server";
import { roleOf } from "#app/server/auth/owner.server";
import { roleLabels, roles } from "#app/lib/access";
import { updateProfile } from "#app/server/users/users.server";
import { failureToast, loadOrToast } from "#app/server/admin/admin-screens.server";
import { stampDate } from "#app/server/core/stamps.server";
import { listProfiles, userFilterSchema } from "#app/server/users/users.server";
import { services } from "#app/server/core/services.server";
import { pageLinks, sizedPageRequest } from "#app/server/db/keyset.server";
import { ListFooter } from "#app/components/admin/list-footer";
import { keptPageSize, pageSizeOf } from "#app/lib/list-page-size";
import { EmptyRow, Table, TableHead } from "#app/components/ui/table";
import { SearchFilterForm } from "#app/components/admin/search-filter-form";
import { UserRow, userFetcherKey, type UserActionData } from "#app/components/admin/user-row";
import { adminMeta } from "#app/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Users", matches);

const signedOutEverywhereText = "They have been signed out everywhere.";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const filter = userFilterSchema.parse({ q: params.get("q"), role: params.get("role") ?? "all" });
  const [page, invitations] = await Promise.all([
    loadOrToast(() => listProfiles(services().db, filter, sizedPageRequest(params)), "Failed to load users"),
    listOpenInvitations(services().db),
  ]);
  return {
    filter,
    size: pageSizeOf(params),
    invitableRoles,
    /** Whether invitations are mailed: without a mail server the admin gets each link to pass on. */
    mailed: services().mailer.outbox === null,
    invitations: invitations.map(({ createdAt, expiresAt, ...invitation }) => ({
      ...invitation,
      created: stampDate(createdAt),
      expires: stampDate(expiresAt),
    })),
    users: page.rows.map(({ createdAt, ...user }) => ({ ...user, created: stampDate(createdAt) })),
    total: page.total,
    pages: pageLinks(url, page),
    toast: page.toast,
  };
}

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  const admin = await requireAbility(request, "manageUsers");
  const form = Object.fromEntries((await readForm(request)) ?? []);
  if (form.intent === "invite" || form.intent === "revoke-invitation") return invitationAction(request, admin, form);
  const id = z.uuid().safeParse(form.id);
  if (!id.success) return data<UserActionData>({ ok: false, toast: { type: "error", title: "Error", description: "Failed to update user" } }, { status: 400 });
  const parsed = profileEditSchema.safeParse(form);
  if (!parsed.success) {
    return data<UserActionData>(
      { ok: false, id: id.data, toast: { type: "error", title: "Error", description: formErrors(parsed.error).message } },
      { status: 400 },
    );
  }
  let saved: { roleChanged: boolean };
  try {
    // A role change asks for the admin's password again once theirs is 10 minutes old; the row keeps what was typed.
    if ((await roleOf(services().db, id.data)) !== parsed.data.role) {
      await requireRecentPassword(request, admin, typeof form.password === "string" ? form.password : undefined);
    }
    saved = await updateProfile(services().db, id.data, parsed.data);
  } catch (error) {
    if (error instanceof AuthError) {
      const title = error instanceof PasswordNeededError ? "Password needed" : "Error";
      return data<UserActionData>(
        { ok: false, id: id.data, needsPassword: true, toast: { type: "error", title, description: error.message } },
        { status: error.status },
      );
    }
    return data<UserActionData>({ ok: false, id: id.data, toast: failureToast(error, "Failed to update user") }, { status: 400 });
  }
  // A role change signed the person out everywhere (they are told why on their next visit): the admin is told too.
  const description = saved.roleChanged ? `User updated successfully. ${signedOutEverywhereText}` : "User updated successfully.";
  return data<UserActionData>({ ok: true, id: id.data, toast: { type: "success", title: "Saved", description } });
}

/** Send an invitation (asking for the admin's password as a role change does), or withdraw one. */
async function invitationAction(request: Request, admin: SessionUser, form: Record<string, FormDataEntryValue>) {
  const { db, mailer } = services();
  try {
    if (form.intent === "revoke-invitation") {
      const id = z.uuid().safeParse(form.id);
      if (!id.success)
        return data<InvitationActionData>(
          { ok: false, toast: { type: "error", title: "Error", description: "Choose an invitation to withdraw." } },
          { status: 400 },
        );
      await revokeInvitation(db, id.data);
      return data<InvitationActionData>({ ok: true, toast: { type: "success", title: "Invitation withdrawn." } });
    }
    await requireRecentPassword(request, admin, typeof form.password === "string" ? form.password : undefined);
    const invited = await invite(db, form, admin.id, { mailed: mailer.outbox === null });
    if (invited.link) {
      // No mail server: nothing was sent, the link is the admin's to pass on.
      return data<InvitationActionData>({
        ok: true,
        link: { email: invited.email, url: invited.link },
        toast: { type: "success", title: invitationTexts.linkReady, description: invitationTexts.copyIt(invited.email) },
      });
    }
    services().wakeMailQueue?.();
    return data<InvitationActionData>({
      ok: true,
      toast: { type: "success", title: "Invitation sent", description: `${invited.email} is invited as ${roleLabels[invited.role]}.` },
    });
  } catch (error) {
    if (error instanceof AuthError) {
      // Asked for the password, or it was wrong: the form keeps its password field.
      const title = error instanceof PasswordNeededError ? "Password needed" : "Error";
      return data<InvitationActionData>(
        { ok: false, needsPassword: true, toast: { type: "error", title, description: error.message } },
        { status: error.status },
      );
    }
    return data<InvitationActionData>({ ok: false, toast: failureToast(error, "Failed to send the invitation") }, { status: 400 });
  }
}

export default function UsersScreen({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["profiles"]);
  // The list of open invitations follows the fetchers' answers (React Router reloads the loader after each).
  useActionToast(loaderData);
  useActionToast(useFetcher<UserActionData>({ key: userFetcherKey }).data);
  const { users, filter, total, pages, size } = loaderData;
  return (
    <div>
      <h1 className="text-2xl font-bold">
        Users <span className="text-base font-normal text-muted-foreground">{`(${total})`}</span>
      </h1>
      <SearchFilterForm
        id="user"
        searchLabel="Search users"
        placeholder="Name, email, id or bio"
        q={filter.q}
        kept={keptPageSize(size)}
        filters={[
          {
            name: "role",
            label: "Role",
            value: filter.role,
            // Highest first, as the staff list reads: All, Admin, Editor, Author, Contributor, User.
            options: [{ value: "all", label: "All" }, ...[...roles].reverse().map((role) => ({ value: role, label: roleLabels[role] }))],
          },
        ]}
      />
      <Invitations roles={loaderData.invitableRoles} open={loaderData.invitations} mailed={loaderData.mailed} />
      <div className="mt-6">
        <Table stackBelow="2xl">
          <caption className="sr-only">Users, newest first</caption>
          <TableHead columns={["User", "Role", "User ID", "Created", "Actions"]} />
          <tbody>{users.length === 0 ? <EmptyRow columns={5}>No users found.</EmptyRow> : users.map((user) => <UserRow key={user.id} user={user} />)}</tbody>
        </Table>
        <ListFooter id="user" total={total} noun={{ one: "user", other: "users" }} size={size} pages={pages} label="Users pages" />
      </div>
    </div>
  );
}
