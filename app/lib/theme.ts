import { useSyncExternalStore } from "react";

export type Theme = "light" | "dark";
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

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class", "data-accent"] });
  return () => observer.disconnect();
}

const currentTheme = (): Theme => (document.documentElement.classList.contains("dark") ? "dark" : "light");
const currentAccent = (): AccentColor => (document.documentElement.dataset.accent === "default" ? "default" : "orange");

/** The theme in use, kept in step with any other toggle on the page; null until hydrated. */
export function useTheme(): Theme | null {
  return useSyncExternalStore(subscribe, currentTheme, () => null);
}

/** The accent colour in use; null until hydrated. */
export function useAccent(): AccentColor | null {
  return useSyncExternalStore(subscribe, currentAccent, () => null);
}
