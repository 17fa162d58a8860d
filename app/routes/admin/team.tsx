import { useFetcher } from "react-router";
import { UserRound } from "lucide-react";
import { z } from "zod";
import type { Route } from "./+types/team";
import { readForm } from "#app/server/core/form.server";
import type { InlineEditorData } from "#app/lib/inline-editor";
import { useActionToast } from "#app/lib/use-action-toast";
import { useLiveRevalidation } from "#app/lib/use-live-revalidation";
import { requireAbility } from "#app/server/auth/access.server";
import { deleteTeamMember, listTeamMembers } from "#app/server/team/team.server";
import { actionAnswer, loadOrToast } from "#app/server/admin/admin-screens.server";
import { deleteRowAction } from "#app/server/admin/inline-editor.server";
import { services } from "#app/server/core/services.server";
import { pageLinks, pageRequest } from "#app/server/db/keyset.server";
import { Pagination } from "#app/components/site/pagination";
import { Td } from "#app/components/ui/table";
import { ListHeading, ListTable, RowActions } from "#app/components/admin/list-screen";
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
  if (!id.success) return actionAnswer(false, { type: "error", title: "Error", description: deleteFailed });
  return deleteRowAction(() => deleteTeamMember(services().db, id.data), {
    deleted: { type: "success", title: "Team member deleted successfully!" },
    failed: deleteFailed,
  });
}

export default function TeamScreen({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["team_members"]);
  useActionToast(loaderData);
  useActionToast(useFetcher<InlineEditorData>({ key: deleteFetcherKey }).data);
  const { members, total, pages } = loaderData;
  return (
    <div>
      <ListHeading title="Team" count={total} add={{ label: "New Team Member", to: "/admin/team/new" }} />
      <div className="mt-6">
        <ListTable
          caption="Team members in display order"
          stackBelow="lg"
          columns={["Photo", "Name", "Position", "Active", "Order", "Actions"]}
          rows={members}
          empty="No team members yet."
        >
          {(member) => (
            <>
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
                <RowActions
                  name={member.name}
                  edit={`/admin/team/${member.id}`}
                  remove={{
                    id: member.id,
                    confirm: "Are you sure you want to delete this team member? This action cannot be undone.",
                    fetcherKey: deleteFetcherKey,
                  }}
                />
              </Td>
            </>
          )}
        </ListTable>
        <Pagination links={pages} label="Team pages" />
      </div>
    </div>
  );
}
