import fs from "node:fs";
import path from "node:path";

function findProjectRoot(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (fs.existsSync(path.join(folder, "package.json"))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`No package.json in ${start} or above it.`);
  }
}

/**
 * The project folder (the one with package.json), wherever this code runs from: the TypeScript
 * sources, or the server compiled into build/node. Beside the migrations because the database
 * layer needs them first; every layer above may read it.
 */
export const projectRoot = findProjectRoot(import.meta.dirname);

export const migrationsFolder = path.join(projectRoot, "database/migrations");
