import type { Toast } from "./toast";

const fieldNames = ["name", "position", "bio", "photoUrl", "orderIndex"] as const;

/** The submitted form as strings (kept for the form on failure) and as the schema's input. */
export function readTeamMemberForm(form: FormData) {
  const values: Record<string, string> = {};
  for (const name of fieldNames) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  const active = form.get("active") === "on";
  values.active = active ? "on" : "";
  return { values, input: { ...values, active } };
}

export interface TeamMemberFormData {
  errors?: Record<string, string>;
  values?: Record<string, string>;
  toast: Toast;
}
