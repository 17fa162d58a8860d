import { defineConfig } from "vitest/config";

// Tests that open a database (embedded or PostgreSQL) are integration tests, wherever they live.
const databaseTestsBesideTheCode = [
  "app/server/core/logger.server.test.ts",
  "app/server/db/prepared-statements.test.ts",
  "app/server/news/news-scanner.test.ts",
];

export default defineConfig({
  test: {
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "server/**/*.test.ts"],
          exclude: databaseTestsBesideTheCode,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", ...databaseTestsBesideTheCode],
          globalSetup: ["tests/helpers/global-setup.ts"],
        },
      },
    ],
  },
});
