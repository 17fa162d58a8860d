import { Moon, Sun } from "lucide-react";
import { useEffect, useState } from "react";

/** Flips light/dark and remembers it under localStorage "theme". */
export function ThemeToggle() {
  const [dark, setDark] = useState<boolean | null>(null);
  useEffect(() => setDark(document.documentElement.classList.contains("dark")), []);
  function toggle() {
    const next = !document.documentElement.classList.contains("dark");
    document.documentElement.classList.toggle("dark", next);
    try {
      localStorage.setItem("theme", next ? "dark" : "light");
    } catch {
      // storage may be unavailable (private mode); the choice still applies to this page
    }
    setDark(next);
  }
  return (
    <button
      type="button"
      onClick={toggle}
      className="rounded-md p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
      aria-label={dark ? "Switch to light theme" : "Switch to dark theme"}
    >
      {dark ? <Sun className="size-5" aria-hidden /> : <Moon className="size-5" aria-hidden />}
    </button>
  );
}
