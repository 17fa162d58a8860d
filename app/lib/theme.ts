export type Theme = "light" | "dark";

/** The light theme's accent (orange) and page background (app/app.css), for the browser's own chrome. */
export const lightThemeColors = { accent: "#c2410c", background: "#ffffff" };
export type AccentColor = "orange" | "default";

// The <html> element is the source of truth: the head script in root.tsx sets its class
// and data-accent from these localStorage keys before the first paint.
const themeKey = "theme";
const accentKey = "accentColor";

function remember(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage may be unavailable (private mode); the choice still applies to this page
  }
}

export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle("dark", theme === "dark");
  remember(themeKey, theme);
}

export function applyAccent(accent: AccentColor) {
  document.documentElement.dataset.accent = accent;
  remember(accentKey, accent);
}

/** The theme in use: the <html> element's class. */
export const currentTheme = (): Theme => (document.documentElement.classList.contains("dark") ? "dark" : "light");

/** The accent in use: the <html> element's data-accent. */
export const currentAccent = (): AccentColor => (document.documentElement.dataset.accent === "default" ? "default" : "orange");

/** Flips light/dark; returns the theme now in use. */
export function toggleTheme(): Theme {
  const next = currentTheme() === "dark" ? "light" : "dark";
  applyTheme(next);
  return next;
}

/** What the toggle button says it will do. */
export const themeToggleLabel = (theme: Theme) => (theme === "dark" ? "Switch to light theme" : "Switch to dark theme");
