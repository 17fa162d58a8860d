import { Moon, Sun } from "lucide-react";
import { useSyncExternalStore } from "react";

// The <html> class is the source of truth: the head script sets it before paint, this button flips it.
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.classList.contains("dark");

/** Flips light/dark and remembers it under localStorage "theme". */
export function ThemeToggle() {
  const dark = useSyncExternalStore(subscribe, isDark, () => null);
  function toggle() {
    const next = !isDark();
    document.documentElement.classList.toggle("dark", next);
    try {
      localStorage.setItem("theme", next ? "dark" : "light");
    } catch {
      // storage may be unavailable (private mode); the choice still applies to this page
    }
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
