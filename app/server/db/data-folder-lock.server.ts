import fs from "node:fs";
import path from "node:path";
import fsx from "fs-native-extensions";
import { makePrivateFolder, privateFileMode } from "./private-folder.server";

export class DatabaseLockedError extends Error {}

/**
 * One process per data folder: PGlite has no locking of its own, and two writers corrupt it.
 *
 * The lock is the kernel's, on `DATA_DIR/server.lock` held open for the life of the process (an
 * open-file-description lock, `F_OFD_SETLK`, on Linux; `flock` on macOS; `LockFileEx` on Windows).
 * The kernel drops it when the process ends, however it ends, so a crash never blocks the next
 * start; and it belongs to this one open file, so nothing else in the process (a worker thread,
 * another open of the same file) can release it by closing a descriptor. The pid written into the
 * file is for people only: nothing reads it. The file is never deleted, since a second process may
 * already have it open: it would then lock a file the next one no longer sees.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "server.lock");
  makePrivateFolder(dataDir);
  const fd = fs.openSync(lockFile, fs.constants.O_RDWR | fs.constants.O_CREAT, privateFileMode);
  let locked: boolean;
  try {
    locked = fsx.tryLock(fd);
  } catch (error) {
    fs.closeSync(fd);
    throw new DatabaseLockedError(`Could not lock the data folder ${path.resolve(dataDir)}: ${(error as Error).message}`);
  }
  if (!locked) {
    fs.closeSync(fd);
    throw new DatabaseLockedError(
      `The data folder ${path.resolve(dataDir)} is in use by another process. Stop it first, or give this server its own DATA_DIR.`,
    );
  }
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, `pid ${process.pid}, since ${new Date().toISOString()}\n`, 0);
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    fs.ftruncateSync(fd, 0);
    fs.closeSync(fd); // the kernel releases the lock with the last descriptor of this open file
  };
}
