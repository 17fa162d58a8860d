import pino from "pino";
import { loadConfig } from "#app/server/core/config.server";
import { startServices, type Started } from "#app/server/start/start.server";
import { createTestDatabase, temporaryFolder, type TestDatabase } from "./database";

export interface TestServices extends Started {
  testDatabase: TestDatabase;
}

/** Services over a fresh test database, with no demo content unless asked for. */
export async function startTestServices(env: Record<string, string> = {}): Promise<TestServices> {
  const testDatabase = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: temporaryFolder(), SEED_DEMO: "false", LOG_LEVEL: "silent", ...env });
  const started = await startServices(config, { database: testDatabase.database, log: pino({ level: "silent" }), announceOwner: () => undefined });
  return {
    ...started,
    testDatabase,
    async stop() {
      await started.stop();
      await testDatabase.drop();
    },
  };
}
