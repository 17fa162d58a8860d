import { loadConfig, type Config } from "#app/server/core/config.server";
import { DatabaseLockedError, openDatabase, type Database } from "#app/server/db/database.server";
import { createLogger } from "#app/server/core/logger.server";
import { startServices } from "#app/server/start/start.server";

/**
 * Opens the configured database (migrated), runs `work`, closes it. Any failure becomes one
 * line on stderr and exit code 1; `failurePrefix` names what failed ("Backup failed").
 */
export async function runWithDatabase(failurePrefix: string | null, work: (database: Database, config: Config) => Promise<void>) {
  try {
    const config = loadConfig();
    const database = await openDatabase(config);
    try {
      await database.migrate();
      await work(database, config);
    } finally {
      await database.close();
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(
      error instanceof DatabaseLockedError
        ? "The server is running on this DATA_DIR: stop it first, then run this again."
        : failurePrefix
          ? `${failurePrefix}: ${message}`
          : message,
    );
    process.exitCode = 1;
  }
}

/**
 * The services for a command run beside (or instead of) the server: its config, quiet logs, and
 * no workers: newsletters and webhooks are sent by the server, not by a command that ends soon.
 */
export async function startCommandServices() {
  const config = loadConfig();
  const started = await startServices(
    { ...config, NEWSLETTER_WORKER: false, WEBHOOK_WORKER: false },
    {
      log: createLogger("warn"),
      announceOwner: ({ email, password }) => console.error(`Admin account created: ${email} / ${password} (shown once, keep it safe)`),
    },
  );
  return { config, ...started };
}
