import { eq } from "drizzle-orm";
import { appSettings } from "#database/schema";
import type { AppDb } from "#app/server/db/types.server";
import type { Config } from "./config.server";

// The address links are made with is the server's (config.PUBLIC_URL: PUBLIC_URL, else where it listens).
// A command run beside it in another shell (`npm run admin -- reset-password`) may not have the server's
// PORT or HOST: it uses the address the server last started with, which each start keeps here.

const key = "public_url";

export async function rememberPublicUrl(db: AppDb, publicUrl: string) {
  await db
    .insert(appSettings)
    .values({ key, value: publicUrl })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: publicUrl } });
}

/**
 * The address a command makes links with: the server's own for the command's environment when that
 * names it (PUBLIC_URL, HOST or PORT), else the address the server last started with, else the default.
 */
export async function publicUrlForCommand(db: AppDb, config: Pick<Config, "PUBLIC_URL">, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (["PUBLIC_URL", "HOST", "PORT"].some((name) => env[name])) return config.PUBLIC_URL;
  const [stored] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return stored?.value ?? config.PUBLIC_URL;
}
