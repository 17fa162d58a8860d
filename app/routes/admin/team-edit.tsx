import { data, Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import type { Route } from "./+types/team-edit";
import { readForm } from "#app/server/core/form.server";
import { requireAbility } from "#app/server/auth/access.server";
import { findTeamMember } from "#app/server/team/team.server";
import { submitTeamMemberForm } from "#app/server/admin/team-member-form.server";
import { services } from "#app/server/core/services.server";
import { TeamMemberForm } from "#app/components/admin/team-member-form";
import { adminMeta } from "#app/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Edit Team Member", matches);

export async function loader({ params }: Route.LoaderArgs) {
  const member = await findTeamMember(services().db, params.id);
  if (!member) throw data("Team member not found.", { status: 404 });
  return { member };
}

export async function action({ request, params }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  await requireAbility(request, "manageTeam");
  const member = await findTeamMember(services().db, params.id);
  if (!member) throw data("Team member not found.", { status: 404 });
  return submitTeamMemberForm(
    (await readForm(request)) ?? new FormData(),
    { success: "Team member updated successfully!", failure: "Failed to update team member. Please try again." },
    member.id,
  );
}

export default function EditTeamMember({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div>
      <Link to="/admin/team" className="inline-flex items-center gap-1 text-sm font-medium underline">
        <ArrowLeft className="size-4" aria-hidden />
        Back to Team
      </Link>
      <h1 className="mt-3 text-2xl font-bold">Edit Team Member</h1>
      <TeamMemberForm key={loaderData.member.id} member={loaderData.member} actionData={actionData} submitLabel="Update Team Member" />
    </div>
  );
}
