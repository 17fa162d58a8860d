import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openEmbeddedDatabase } from "#app/server/db/database.server";
import { projectRoot } from "#database/paths";

/**
 * The integration suite tests the built app: it is built first when a source changed since the last
 * build, so a test never runs against a stale build. Then one embedded database is migrated per run;
 * every test file starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  // The app is built as `npm start` builds it: Vitest's NODE_ENV=test would make (and stamp) another build.
  const { NODE_ENV: _testMode, ...environment } = process.env;
  const build = spawnSync(process.execPath, ["scripts/build-if-changed.mjs"], { cwd: projectRoot, stdio: "inherit", env: environment });
  if (build.status !== 0) throw new Error("The app did not build (see above): the integration tests need it.");
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "educator-template-"));
  const template = path.join(folder, "template.tar.gz");
  const database = await openEmbeddedDatabase({});
  await database.migrate();
  await database.dumpTo(template);
  await database.close();
  project.provide("pgliteTemplate", template);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
