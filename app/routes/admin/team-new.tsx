import { data, Link, redirect } from "react-router";
import { ArrowLeft } from "lucide-react";
import type { Route } from "./+types/team-new";
import { formErrors, teamMemberFormSchema } from "#app/lib/admin-schemas";
import { requireAdmin } from "#app/server/auth/auth.server";
import { saveTeamMember } from "#app/server/team/team.server";
import { failureToast } from "#app/server/admin/admin-screens.server";
import { services } from "#app/server/core/services.server";
import { toastHeader } from "#app/server/core/toast.server";
import { readTeamMemberForm, TeamMemberForm, type TeamMemberFormData } from "#app/components/admin/team-member-form";
import { adminMeta } from "#app/lib/seo";

export const meta: Route.MetaFunction = () => adminMeta("New Team Member");

export async function action({ request }: Route.ActionArgs) {
  // The layout middleware guards /admin already; a write re-checks so this action stays safe on its own.
  await requireAdmin(request);
  const { values, input } = readTeamMemberForm(await request.formData());
  const parsed = teamMemberFormSchema.safeParse(input);
  if (!parsed.success) {
    const { message, fields } = formErrors(parsed.error);
    return data<TeamMemberFormData>({ errors: fields, values, toast: { type: "error", title: "Error", description: message } }, { status: 400 });
  }
  try {
    await saveTeamMember(services().db, parsed.data);
  } catch (error) {
    return data<TeamMemberFormData>({ values, toast: failureToast(error, "Failed to create team member. Please try again.") }, { status: 400 });
  }
  return redirect("/admin/team", { headers: { "Set-Cookie": await toastHeader({ type: "success", title: "Team member created successfully!" }) } });
}

export default function NewTeamMember({ actionData }: Route.ComponentProps) {
  return (
    <div>
      <Link to="/admin/team" className="inline-flex items-center gap-1 text-sm font-medium underline">
        <ArrowLeft className="size-4" aria-hidden />
        Back to Team
      </Link>
      <h1 className="mt-3 text-2xl font-bold">New Team Member</h1>
      <TeamMemberForm member={null} actionData={actionData} submitLabel="Create Team Member" />
    </div>
  );
}
