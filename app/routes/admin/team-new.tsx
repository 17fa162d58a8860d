import type { Route } from "./+types/team-new";
import { readForm } from "#app/server/core/form.server";
import { requireAbility } from "#app/server/auth/access.server";
import { submitTeamMemberForm } from "#app/server/admin/team-member-form.server";
import { TeamMemberScreen } from "#app/components/admin/team-member-form";
import { adminMeta } from "#app/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("New Team Member", matches);

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  await requireAbility(request, "manageTeam");
  return submitTeamMemberForm((await readForm(request)) ?? new FormData(), {
    success: "Team member created successfully!",
    failure: "Failed to create team member. Please try again.",
  });
}

export default function NewTeamMember({ actionData }: Route.ComponentProps) {
  return <TeamMemberScreen member={null} actionData={actionData} />;
}
