import { data, redirect } from "react-router";
import { formErrors, teamMemberFormSchema } from "#app/lib/admin-schemas";
import { readTeamMemberForm, type TeamMemberFormData } from "#app/lib/team-member-form-values";
import { services } from "#app/server/core/services.server";
import { toastHeader } from "#app/server/core/toast.server";
import { saveTeamMember } from "#app/server/team/team.server";
import { failureToast } from "./admin-screens.server";

/**
 * The action of the new and edit screens: a refusal keeps what was typed and says why; a save
 * goes back to the team list with the screen's toast. `id` names the member edited.
 */
export async function submitTeamMemberForm(form: FormData, texts: { success: string; failure: string }, id?: string) {
  const { values, input } = readTeamMemberForm(form);
  const parsed = teamMemberFormSchema.safeParse(input);
  if (!parsed.success) {
    const { message, fields } = formErrors(parsed.error);
    return data<TeamMemberFormData>({ errors: fields, values, toast: { type: "error", title: "Error", description: message } }, { status: 400 });
  }
  try {
    await saveTeamMember(services().db, parsed.data, id);
  } catch (error) {
    return data<TeamMemberFormData>({ values, toast: failureToast(error, texts.failure) }, { status: 400 });
  }
  return redirect("/admin/team", { headers: { "Set-Cookie": await toastHeader({ type: "success", title: texts.success }) } });
}
