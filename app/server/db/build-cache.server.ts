import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "#database/paths";

// What `npm run build` makes once and a start would otherwise make again every time (a new embedded
// database, the demo magazine's pictures) is kept in node_modules/.cache, in a folder named by a hash of
// what it is made from. A change to any of those files means another folder; a start that finds none
// makes the thing itself, the slow way.

const cacheRoot = path.join(projectRoot, "node_modules/.cache/the-educator");

export interface CachedThing {
  /** Folder name prefix, e.g. "pglite-template". */
  name: string;
  /** Files and folders (relative to the project) it is made from. */
  inputs: string[];
}

function hashOf(inputs: string[]): string {
  const hash = crypto.createHash("sha256");
  for (const input of inputs) {
    const full = path.join(projectRoot, input);
    const files = fs.statSync(full).isDirectory() ? fs.readdirSync(full, { recursive: true, encoding: "utf8" }).sort() : [""];
    for (const file of files) {
      const location = path.join(full, file);
      if (fs.statSync(location).isFile()) hash.update(`${input}/${file}\0`).update(fs.readFileSync(location));
    }
  }
  return hash.digest("hex").slice(0, 16);
}

function folderOf(thing: CachedThing): string {
  return path.join(cacheRoot, `${thing.name}-${hashOf(thing.inputs)}`);
}

/** The folder of a cached thing made from the current inputs, if a build made it. */
export function cachedBuild(thing: CachedThing): string | undefined {
  try {
    const folder = folderOf(thing);
    return fs.existsSync(folder) ? folder : undefined;
  } catch {
    return undefined; // an input is missing (an install without node_modules copies): no cache
  }
}

/**
 * Makes the cached thing unless it is there: `make` fills a temporary folder, renamed into place when
 * complete, so a half-made folder is never used. Older versions of the thing are removed.
 */
export async function makeCachedBuild(thing: CachedThing, make: (folder: string) => Promise<void>): Promise<"up to date" | "made"> {
  const folder = folderOf(thing);
  if (fs.existsSync(folder)) return "up to date";
  const temporary = `${folder}.making-${process.pid}`;
  fs.rmSync(temporary, { recursive: true, force: true });
  fs.mkdirSync(temporary, { recursive: true });
  try {
    await make(temporary);
  } catch (error) {
    fs.rmSync(temporary, { recursive: true, force: true });
    throw error;
  }
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const entry of fs.readdirSync(cacheRoot)) {
    const other = path.join(cacheRoot, entry);
    if (other === temporary || !entry.startsWith(`${thing.name}-`)) continue;
    // Another build may be making one right now; only a leftover an hour old is abandoned.
    if (entry.includes(".making-") && fs.statSync(other).mtimeMs > hourAgo) continue;
    fs.rmSync(other, { recursive: true, force: true });
  }
  fs.renameSync(temporary, folder);
  return "made";
}
