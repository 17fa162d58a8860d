import { data, Form, useNavigation } from "react-router";
import { showToast } from "#app/lib/toast";
import type { Route } from "./+types/settings";
import { applyAccent, applyTheme } from "#app/lib/theme";
import { useAccent, useTheme } from "#app/lib/use-theme";
import { useActionToast } from "#app/lib/use-action-toast";
import { SettingsPreview } from "#app/components/admin/settings-preview";
import { SettingsSwitch } from "#app/components/admin/settings-switch";
import { Button } from "#app/components/ui/button";
import { SelectField, SwitchField, TextField } from "#app/components/ui/field";
import { adminMeta } from "#app/lib/seo";
import { formErrors } from "#app/lib/admin-schemas";
import type { Toast } from "#app/lib/toast";
import {
  commentPolicies,
  navigationFieldPrefix,
  navigationLimit,
  signUpPolicies,
  siteSettingLimits,
  siteSettingsFormValues,
  siteSettingsSchema,
  type SiteSettings,
} from "#app/lib/site-settings";
import { readForm } from "#app/server/core/form.server";
import { requireAbility } from "#app/server/auth/access.server";
import { services } from "#app/server/core/services.server";
import { saveSiteSettings, siteSettings } from "#app/server/core/site-settings.server";
import { navigationChoices } from "#app/server/admin/navigation-choices.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Settings", matches);

export async function loader() {
  const { links: _links, ...settings } = siteSettings();
  return { settings, choices: await navigationChoices(services().db) };
}

type SiteSettingsAnswer =
  { ok: true; toast: Toast } | { ok: false; toast: Toast; errors: Record<string, string>; values: ReturnType<typeof siteSettingsFormValues> };

export async function action({ request }: Route.ActionArgs) {
  // The layout's guard lets only admins open Settings; the write checks again so this action stands on its own.
  await requireAbility(request, "manageSettings");
  const { db } = services();
  const form = (await readForm(request)) ?? new FormData();
  const choices = await navigationChoices(db);
  const values = siteSettingsFormValues(form, choices);
  const parsed = siteSettingsSchema.safeParse(values.input);
  if (!parsed.success) {
    const { message, fields } = formErrors(parsed.error);
    return data<SiteSettingsAnswer>(
      { ok: false, errors: fields, values, toast: { type: "error", title: "Settings not saved", description: message } },
      { status: 400 },
    );
  }
  await saveSiteSettings(db, { ...parsed.data, logoUrl: parsed.data.logoUrl || null });
  return data<SiteSettingsAnswer>({
    ok: true,
    toast: { type: "success", title: "Settings saved", description: "Readers see the change on their next page." },
  });
}

export default function SettingsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const theme = useTheme();
  const accent = useAccent();
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold">Settings</h1>
      <SiteSettingsForm settings={loaderData.settings} choices={loaderData.choices} answer={actionData} />

      <section aria-labelledby="appearance-heading" className="mt-6 rounded-xl border border-border px-5">
        <h2 id="appearance-heading" className="pt-5 text-lg font-semibold">
          Appearance
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Choices are kept in this browser.</p>
        <div className="divide-y divide-border">
          <SettingsSwitch
            label="Dark Mode"
            description="Use the dark theme across the site."
            checked={theme && theme === "dark"}
            onChange={(dark) => {
              applyTheme(dark ? "dark" : "light");
              showToast({ type: "success", title: "Theme Updated" });
            }}
          />
          <SettingsSwitch
            label="Orange Accent"
            description="Use orange for buttons, links and highlights; off uses the default blue."
            checked={accent && accent === "orange"}
            onChange={(orange) => {
              applyAccent(orange ? "orange" : "default");
              showToast({ type: "success", title: "Accent Color Updated" });
            }}
          />
        </div>
      </section>

      <section aria-labelledby="preview-heading" className="mt-6">
        <h2 id="preview-heading" className="mb-3 text-lg font-semibold">
          Theme Preview
        </h2>
        <SettingsPreview theme={theme} accent={accent} />
      </section>
    </div>
  );
}

const placeOptions = Array.from({ length: navigationLimit }, (_, index) => String(index + 1));

/** The magazine's settings, for every reader on every instance: a plain form, kept as typed when refused. */
function SiteSettingsForm({
  settings,
  choices,
  answer,
}: {
  settings: SiteSettings;
  choices: ReadonlyArray<{ key: string; label: string }>;
  answer: SiteSettingsAnswer | undefined;
}) {
  useActionToast(answer);
  const busy = useNavigation().state === "submitting";
  const refused = answer?.ok === false ? answer : undefined;
  const errors = refused?.errors ?? {};
  const typed = refused?.values;
  const text = (name: Exclude<keyof SiteSettings, "navigation" | "askKafundisha">) => {
    const value = typed ? typed.input[name] : settings[name];
    return value == null ? "" : String(value);
  };
  const place = (key: string) => (typed ? (typed.places[key] ?? "") : String(settings.navigation.indexOf(key) + 1 || ""));
  return (
    <Form method="post" noValidate aria-labelledby="site-heading" className="mt-6 rounded-xl border border-border p-5">
      <h2 id="site-heading" className="text-lg font-semibold">
        Site
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">For every reader: saved for the whole magazine and shown on every page at once.</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField id="site-name" name="name" label="Site name" required maxLength={siteSettingLimits.name} defaultValue={text("name")} error={errors.name} />
        <TextField
          id="site-tagline"
          name="tagline"
          label="Tagline"
          maxLength={siteSettingLimits.tagline}
          defaultValue={text("tagline")}
          error={errors.tagline}
        />
        <TextField
          id="site-logo"
          name="logoUrl"
          label="Logo"
          hint="An image's address from the Media Library (it starts with /); blank shows the name alone."
          defaultValue={text("logoUrl")}
          error={errors.logoUrl}
        />
        <TextField id="site-email" name="contactEmail" label="Contact email" type="email" defaultValue={text("contactEmail")} error={errors.contactEmail} />
        <TextField id="site-phone" name="contactPhone" label="Phone" defaultValue={text("contactPhone")} error={errors.contactPhone} />
        <TextField id="site-address" name="contactAddress" label="Office address" defaultValue={text("contactAddress")} error={errors.contactAddress} />
        <SelectField id="site-sign-up" name="signUp" label="Who may make an account" defaultValue={text("signUp")} error={errors.signUp}>
          {signUpPolicies.map((policy) => (
            <option key={policy.value} value={policy.value}>
              {policy.label}
            </option>
          ))}
        </SelectField>
        <SelectField id="site-comments" name="comments" label="Who may comment" defaultValue={text("comments")} error={errors.comments}>
          {commentPolicies.map((policy) => (
            <option key={policy.value} value={policy.value}>
              {policy.label}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="mt-4">
        <SwitchField
          id="site-ask-kafundisha"
          name="askKafundisha"
          label="Ask Kafundisha"
          hint="Off: its pages and forms are gone from the site until it is on again; nothing is deleted."
          defaultChecked={typed ? typed.input.askKafundisha : settings.askKafundisha}
        />
      </div>
      <fieldset className="mt-6" aria-describedby={errors.navigation ? "site-navigation-error" : undefined}>
        <legend className="font-semibold">Header links</legend>
        <p className="text-sm text-muted-foreground">
          {`Give each link the header shows its place (up to ${navigationLimit}); the rest stay out of the header. Every category is also on the Categories page.`}
        </p>
        {errors.navigation && (
          <p id="site-navigation-error" className="mt-2 text-sm text-destructive">
            {errors.navigation}
          </p>
        )}
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {choices.map((choice) => (
            <li key={choice.key} className="flex items-center justify-between gap-3 rounded-md border border-border px-3 py-2">
              <label htmlFor={`nav-${choice.key}`} className="text-sm">
                {choice.label}
              </label>
              <select
                id={`nav-${choice.key}`}
                name={`${navigationFieldPrefix}${choice.key}`}
                defaultValue={place(choice.key)}
                className="rounded-md border border-input bg-background px-2 py-1 text-sm"
              >
                <option value="">Not shown</option>
                {placeOptions.map((option) => (
                  <option key={option} value={option}>{`Place ${option}`}</option>
                ))}
              </select>
            </li>
          ))}
        </ul>
      </fieldset>
      <Button type="submit" className="mt-6" disabled={busy}>
        {busy ? "Saving…" : "Save settings"}
      </Button>
    </Form>
  );
}
