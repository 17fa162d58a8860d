import { Moon, Sun } from "./icons";
import { themeToggleLabel, toggleTheme } from "#app/lib/theme";
import { useTheme } from "#app/lib/use-theme";
import { hook, hooks } from "#app/lib/reader-hooks";

/**
 * Flips light/dark and remembers it under localStorage "theme". The icon follows the <html>
 * class by CSS, so it is right before any script runs; on reader pages (not hydrated) the
 * reader script handles the click through the data attribute.
 */
export function ThemeToggle() {
  const theme = useTheme() ?? "light";
  return (
    <button
      type="button"
      {...hook(hooks.themeToggle)}
      onClick={() => toggleTheme()}
      className="rounded-md p-2 hover:bg-muted"
      aria-label={themeToggleLabel(theme)}
    >
      <Moon className="size-5 dark:hidden" aria-hidden />
      <Sun className="hidden size-5 dark:block" aria-hidden />
    </button>
  );
}
