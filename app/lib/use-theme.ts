import { useSyncExternalStore } from "react";
import { currentAccent, currentTheme, type AccentColor, type Theme } from "./theme";

// Kept apart from theme.ts so the reader-page script can toggle the theme without React.
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class", "data-accent"] });
  return () => observer.disconnect();
}

/** The theme in use, kept in step with any other toggle on the page; null until hydrated. */
export function useTheme(): Theme | null {
  return useSyncExternalStore(subscribe, currentTheme, () => null);
}

/** The accent colour in use; null until hydrated. */
export function useAccent(): AccentColor | null {
  return useSyncExternalStore(subscribe, currentAccent, () => null);
}
