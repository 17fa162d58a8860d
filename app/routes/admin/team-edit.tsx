import { data } from "react-router";
import type { Route } from "./+types/team-edit";
import { readForm } from "#app/server/core/form.server";
import { requireAbility } from "#app/server/auth/access.server";
import { findTeamMember } from "#app/server/team/team.server";
import { submitTeamMemberForm } from "#app/server/admin/team-member-form.server";
import { services } from "#app/server/core/services.server";
import { TeamMemberScreen } from "#app/components/admin/team-member-form";
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
  return <TeamMemberScreen key={loaderData.member.id} member={loaderData.member} actionData={actionData} />;
}
