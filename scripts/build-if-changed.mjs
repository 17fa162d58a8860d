// `npm start`'s first step: builds the app (npm run build) only when its sources changed since the last
// finished build, so a restart of an unchanged checkout starts serving at once (scripts/lib/build-stamp.mjs).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildNeeded } from "./lib/build-stamp.mjs";

const root = path.resolve(import.meta.dirname, "..");
let reason;
try {
  reason = buildNeeded(root);
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
