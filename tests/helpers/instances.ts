import type { Database } from "#app/server/db/database.server";
import { openPostgresDatabase } from "#app/server/db/database.server";
import { createPostgresDatabase, dropPostgresDatabase, temporaryFolder } from "./database";
import { startServerProcess, stopProcess } from "./processes";

type Instance = Awaited<ReturnType<typeof startServerProcess>>;

/**
 * Two server processes over one fresh PostgreSQL database (TEST_DATABASE_URL's server), as a
 * scaled-out site runs; `during` gets both and a connection of its own. All of it is gone afterwards.
 */
export async function withTwoInstances(env: Record<string, string>, during: (a: Instance, b: Instance, database: Database) => Promise<void>) {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const databaseUrl = await createPostgresDatabase(adminUrl);
  const shared = { DATABASE_URL: databaseUrl, SEED_DEMO: "false", ...env };
  const instanceA = await startServerProcess({ ...shared, DATA_DIR: temporaryFolder() });
  const instanceB = await startServerProcess({ ...shared, DATA_DIR: temporaryFolder() });
  const database = await openPostgresDatabase(databaseUrl, { max: 2 });
  try {
    await during(instanceA, instanceB, database);
  } finally {
    await database.close();
    await Promise.all([stopProcess(instanceA), stopProcess(instanceB)]);
    await dropPostgresDatabase(adminUrl, databaseUrl);
  }
}
