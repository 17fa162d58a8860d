import { Moon, Sun } from "lucide-react";
import { applyTheme, useTheme } from "../../lib/theme";

/** Flips light/dark and remembers it under localStorage "theme". */
export function ThemeToggle() {
  const theme = useTheme();
  const dark = theme === "dark";
  return (
    <button
      type="button"
      onClick={() => applyTheme(dark ? "light" : "dark")}
      className="rounded-md p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
      aria-label={dark ? "Switch to light theme" : "Switch to dark theme"}
    >
      {dark ? <Sun className="size-5" aria-hidden /> : <Moon className="size-5" aria-hidden />}
    </button>
  );
}
