import { eq, inArray, sql } from "drizzle-orm";
import { appSettings, categories } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";
import type { Realtime } from "./realtime.server";
import type { TableChange } from "#app/lib/live-tables";
import {
  categoryLinkPrefix,
  defaultSiteSettings,
  navigationPages,
  siteSettingsFrom,
  type CurrentSiteSettings,
  type NavigationLink,
  type SiteSettings,
} from "#app/lib/site-settings";

const settingsKey = "site_settings";

// Core, as the services are: auth, SEO, the page cache and the school pack read them.
// Read on every request, so kept in memory; each instance reloads it when the database announces a
// change (the same LISTEN/NOTIFY as every table's). The server and the bundled route modules are
// separate module graphs: they share it through one global slot, as they share the services.
const slot = Symbol.for("the-educator.site-settings");
const reloadSlot = Symbol.for("the-educator.site-settings-reloaded");
type Holder = { [slot]?: CurrentSiteSettings; [reloadSlot]?: Set<() => void> };

const reloadListeners = () => ((globalThis as Holder)[reloadSlot] ??= new Set());

/** Calls `onReload` each time this instance has read the settings anew (the page cache drops every page then). */
export function afterSiteSettingsReload(onReload: () => void): () => void {
  reloadListeners().add(onReload);
  return () => void reloadListeners().delete(onReload);
}

const pageLabel = new Map<string, string>(navigationPages.map((page) => [page.key, page.label]));

/** The settings in force on this instance (the defaults until the first load). */
export function siteSettings(): CurrentSiteSettings {
  return (globalThis as Holder)[slot] ?? { ...defaultSiteSettings, links: linksOf(defaultSiteSettings, new Map()) };
}

function linksOf(settings: SiteSettings, categoryNames: Map<string, string>): NavigationLink[] {
  return settings.navigation.flatMap((key): NavigationLink[] => {
    if (key.startsWith(categoryLinkPrefix)) {
      const slug = key.slice(categoryLinkPrefix.length);
      const name = categoryNames.get(slug);
      return name ? [{ to: `/category/${slug}`, label: name }] : []; // a category since deleted leaves the header
    }
    if (key === "/ask-kafundisha" && !settings.askKafundisha) return [];
    const label = pageLabel.get(key);
    return label ? [{ to: key, label }] : [];
  });
}

/** Reads the settings (and the names of the categories the header links to) into this instance's memory. */
export async function loadSiteSettings(db: AppDb): Promise<CurrentSiteSettings> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, settingsKey));
  const settings = siteSettingsFrom(row ? parseStored(row.value) : null);
  const slugs = settings.navigation.filter((key) => key.startsWith(categoryLinkPrefix)).map((key) => key.slice(categoryLinkPrefix.length));
  const named = slugs.length ? await db.select({ slug: categories.slug, name: categories.name }).from(categories).where(inArray(categories.slug, slugs)) : [];
  const current = { ...settings, links: linksOf(settings, new Map(named.map((category) => [category.slug, category.name]))) };
  (globalThis as Holder)[slot] = current;
  for (const onReload of reloadListeners()) onReload();
  return current;
}

function parseStored(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/**
 * Keeps the settings and announces the change to every instance, which reload them and drop every
 * kept page (app/server/reader-pages/cache-tags.server.ts): the name and the header are on all of them.
 */
export async function saveSiteSettings(db: AppDb, settings: SiteSettings): Promise<CurrentSiteSettings> {
  const value = JSON.stringify(settings);
  const change: TableChange = { table: "site_settings", op: "update", id: null };
  await db.transaction(async (tx) => {
    await tx.insert(appSettings).values({ key: settingsKey, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
    await tx.execute(sql`select pg_notify('table_changes', ${JSON.stringify(change)})`);
  });
  return loadSiteSettings(db);
}

/** Whether a change moves what the settings show: their own, or a category the header names (renamed, say). */
const changesSiteSettings = (change: TableChange) =>
  change.table === "site_settings" || (change.table === "categories" && siteSettings().navigation.some((key) => key.startsWith(categoryLinkPrefix)));

/** Reloads the settings on this instance whenever any instance changes them. */
export function keepSiteSettingsFresh({ realtime, db, onError }: { realtime: Realtime; db: AppDb; onError: (error: unknown) => void }) {
  return realtime.subscribe((change) => {
    if (changesSiteSettings(change)) loadSiteSettings(db).catch(onError);
  });
}

/** Ask Kafundisha's pages and forms while an admin has closed it in Settings: not found, as if it never was. */
export function refuseWhileAskKafundishaClosed() {
  if (!siteSettings().askKafundisha) throw new Response("Ask Kafundisha is closed.", { status: 404 });
}
