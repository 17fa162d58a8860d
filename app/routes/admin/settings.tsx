import { showToast } from "#app/lib/toast";
import type { Route } from "./+types/settings";
import { applyAccent, applyTheme } from "#app/lib/theme";
import { useAccent, useTheme } from "#app/lib/use-theme";
import { SettingsPreview } from "#app/components/admin/settings-preview";
import { SettingsSwitch } from "#app/components/admin/settings-switch";
import { adminMeta } from "#app/lib/seo";

export const meta: Route.MetaFunction = () => adminMeta("Settings");

export default function SettingsScreen() {
  const theme = useTheme();
  const accent = useAccent();
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold">Settings</h1>
      <p className="mt-1 text-muted-foreground">Choices are kept in this browser.</p>

      <section aria-labelledby="appearance-heading" className="mt-6 rounded-xl border border-border px-5">
        <h2 id="appearance-heading" className="pt-5 text-lg font-semibold">
          Appearance
        </h2>
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
