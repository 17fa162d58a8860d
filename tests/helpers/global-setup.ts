import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openEmbeddedDatabase } from "#app/server/db/database.server";

/** Migrates one embedded database per run; every test file starts from a copy of it. */
export default async function setup(project: TestProject) {
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
