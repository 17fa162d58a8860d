import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { e2eOwner } from "./tests/e2e/owner";

const port = Number(process.env.E2E_PORT ?? 4317);

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  retries: 0,
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices["Desktop Chrome"],
    // Debian's Chromium; never a downloaded browser.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
    },
    trace: "off",
  },
  webServer: {
    command: "node build/node/index.js", // the compiled server: npm run build first
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "educator-e2e-")),
      OWNER_EMAIL: e2eOwner.email,
      OWNER_PASSWORD: e2eOwner.password,
      // One server serves the whole suite, signing in hundreds of times from one address.
      RATE_LIMIT_SCALE: "1000",
      // The e2e server always runs embedded, whatever the unit-test database is.
      DATABASE_URL: "",
    },
  },
});
