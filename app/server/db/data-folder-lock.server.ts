import fs from "node:fs";
import path from "node:path";
import { makePrivateFolder } from "#app/server/core/private-folder.server";

export class DatabaseLockedError extends Error {}

/** One process per data folder: PGlite has no locking of its own, and two writers corrupt it. */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "server.lock");
  makePrivateFolder(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockFile, "utf8"));
      if (holder && isRunning(holder)) {
        throw new DatabaseLockedError(
          `The data folder ${path.resolve(dataDir)} is in use by another process (pid ${holder}). ` + `Stop it first, or give this server its own DATA_DIR.`,
        );
      }
      fs.rmSync(lockFile, { force: true }); // left by a process that died
    }
  }
  throw new DatabaseLockedError(`Could not lock the data folder ${path.resolve(dataDir)}.`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
