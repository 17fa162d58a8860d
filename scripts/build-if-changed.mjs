// The one way a build runs (scripts/build.ts): `npm start`, `npm test` and the integration tests
// build only when the sources changed since the last finished build (scripts/lib/build-stamp.mjs), so a
// restart of an unchanged checkout starts serving at once and no test runs against a stale build;
// `npm run build` (`--force`) always builds. Builds of one checkout take turns: a second one waits
// for the first, then finds the build up to date, instead of both writing build/ at once.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import fsx from "fs-native-extensions";
import { buildNeeded } from "./lib/build-stamp.mjs";

const root = path.resolve(import.meta.dirname, "..");
const lockFile = path.join(root, "node_modules/.cache/educator-build.lock");
fs.mkdirSync(path.dirname(lockFile), { recursive: true });
// An OFD lock, held while this process lives: the kernel lets it go however the process ends.
const lock = fs.openSync(lockFile, "a");
if (!fsx.tryLock(lock)) {
  console.log("Another build of this checkout is running: waiting for it to finish.");
  await fsx.waitForLock(lock);
}

let reason;
try {
  reason = process.argv.includes("--force") ? "asked for" : buildNeeded(root);
} catch (error) {
  reason = `the sources could not be read (${error.message})`;
}
if (reason === null) {
  console.log("The build is up to date (no source changed since it was made).");
} else {
  console.log(`Building the app: ${reason}.`);
  const build = spawnSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], { cwd: root, stdio: "inherit" });
  process.exitCode = build.status ?? 1;
}
fsx.unlock(lock);
fs.closeSync(lock);
