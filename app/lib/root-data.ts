import type { Role } from "#app/lib/access";
import { useRouteLoaderData } from "react-router";
import type { Toast } from "./toast";
import { defaultSiteSettings, type CurrentSiteSettings } from "./site-settings";

/**
 * What the root route's loader (root.tsx) gives every page: who is signed in, a toast to show
 * once, the address links are made with, and whether the reader chose the data saver. Declared
 * here, below the routes and components that read it; the loader is checked against it.
 */
export interface RootData {
  user: { id: string; email: string; displayName: string | null; role: Role } | null;
  toast: Toast | null;
  publicUrl: string;
  dataSaver: boolean;
  /** Rendered for a school pack, read without a server: what needs one is left out. */
  schoolPack: boolean;
  /** The magazine's name, words, header links and policies, as an admin set them in Settings. */
  site: CurrentSiteSettings;
}

/** The root route's data, from any route or component (undefined where the root loader has not run). */
export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}

const defaultSite: CurrentSiteSettings = { ...defaultSiteSettings, links: [] };

/** The site settings every page is rendered with (the defaults where the root loader has not run). */
export const useSiteSettings = (): CurrentSiteSettings => useRootData()?.site ?? defaultSite;

/** Whether the page is rendered for a school pack (app/server/school-pack): no forms, feeds or accounts there. */
export const useSchoolPack = () => useRootData()?.schoolPack === true;
