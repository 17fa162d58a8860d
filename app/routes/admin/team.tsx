import { data, Link, useFetcher } from "react-router";
import { Pencil, Plus, UserRound } from "lucide-react";
import { z } from "zod";
import type { Route } from "./+types/team";
import { readForm } from "#app/server/core/form.server";
import { useActionToast } from "#app/lib/use-action-toast";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";
import { requireAbility } from "#app/server/auth/access.server";
import { deleteTeamMember } from "#app/server/team/team.server";
import { failureToast, loadOrToast } from "#app/server/admin/admin-screens.server";
import { listTeamMembers } from "#app/server/team/team.server";
import { services } from "#app/server/core/services.server";
import { pageLinks, pageRequest } from "#app/server/db/keyset.server";
import { Pagination } from "#app/components/site/pagination";
import { buttonClass } from "#app/components/ui/button";
import { EmptyRow, Table, TableHead, Td } from "#app/components/ui/table";
import { RowDeleteButton, type RowDeleteData } from "#app/components/admin/row-delete-button";
import { adminMeta } from "#app/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Team", matches);

// Shared by every row's delete button: the screen shows its toast.
const deleteFetcherKey = "team-delete";

const loadFailed = "Failed to load team members. Please try again.";
const deleteFailed = "Failed to delete team member. Please try again.";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await loadOrToast(() => listTeamMembers(services().db, pageRequest(url.searchParams)), loadFailed);
  return { members: page.rows, total: page.total, pages: pageLinks(url, page), toast: page.toast };
}

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  await requireAbility(request, "manageTeam");
  const id = z.uuid().safeParse((await readForm(request))?.get("id"));
  if (!id.success) return data<RowDeleteData>({ ok: false, toast: { type: "error", title: "Error", description: deleteFailed } }, { status: 400 });
  try {
    await deleteTeamMember(services().db, id.data);
  } catch (error) {
    return data<RowDeleteData>({ ok: false, toast: failureToast(error, deleteFailed) }, { status: 400 });
  }
  return data<RowDeleteData>({ ok: true, toast: { type: "success", title: "Team member deleted successfully!" } });
}

export default function TeamScreen({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["team_members"]);
  useActionToast(loaderData);
  useActionToast(useFetcher<RowDeleteData>({ key: deleteFetcherKey }).data);
  const { members, total, pages } = loaderData;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          Team <span className="text-base font-normal text-muted-foreground">{`(${total})`}</span>
        </h1>
        <Link to="/admin/team/new" className={buttonClass()}>
          <Plus className="size-4" aria-hidden />
          New Team Member
        </Link>
      </div>
      <div className="mt-6">
        <Table stackBelow="lg">
          <caption className="sr-only">Team members in display order</caption>
          <TableHead columns={["Photo", "Name", "Position", "Active", "Order", "Actions"]} />
          <tbody>
            {members.length === 0 ? (
              <EmptyRow columns={6}>No team members yet.</EmptyRow>
            ) : (
              members.map((member) => (
                <tr key={member.id}>
                  <Td label="Photo">
                    {member.photoUrl ? (
                      <img src={member.photoUrl} alt="" className="size-10 rounded-full object-cover" />
                    ) : (
                      <span className="flex size-10 items-center justify-center rounded-full bg-secondary">
                        <UserRound className="size-5" aria-hidden />
                      </span>
                    )}
                  </Td>
                  <Td label="Name" wide className="font-medium">
                    {member.name}
                  </Td>
                  <Td label="Position" wide>
                    {member.position}
                  </Td>
                  <Td label="Active">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${member.active ? "bg-success-soft text-success-soft-foreground" : "bg-secondary text-foreground"}`}
                    >
                      {member.active ? "Active" : "Inactive"}
                    </span>
                  </Td>
                  <Td label="Order">{member.orderIndex}</Td>
                  <Td label="Actions">
                    <div className="flex items-center gap-1">
                      <Link to={`/admin/team/${member.id}`} aria-label={`Edit ${member.name}`} title="Edit" className={buttonClass("ghost", "icon")}>
                        <Pencil className="size-4" aria-hidden />
                      </Link>
                      <RowDeleteButton
                        id={member.id}
                        name={member.name}
                        confirm="Are you sure you want to delete this team member? This action cannot be undone."
                        fetcherKey={deleteFetcherKey}
                      />
                    </div>
                  </Td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
        <Pagination links={pages} label="Team pages" />
      </div>
    </div>
  );
}
