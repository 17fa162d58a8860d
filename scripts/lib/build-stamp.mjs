// Whether build/ is a complete build of the sources as they are now, so `npm start` builds only when
// something changed (scripts/build-if-changed.mjs). Plain JavaScript: the check runs before every start,
// without a TypeScript loader.
//
// A build stamps build/ last, with a hash of every file it is made from (read before it starts) and the
// files it made. The stamp is removed when a build starts, so an interrupted build never looks fresh, and
// a file changed while a build ran gives another hash: the next start builds again.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Files and folders (relative to the project) a build is made from; any change to one means a new build. */
export const buildInputs = [
  "app",
  "server",
  "database",
  "public",
  "scripts/build.ts",
  "scripts/lib/offline-kit.ts",
  "scripts/lib/build-stamp.mjs",
  "package.json",
  "package-lock.json",
  "node_modules/.package-lock.json", // what npm installed
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  ".env",
  ".env.production",
  ".env.local",
  ".env.production.local",
];

/** What a build makes that starts need; a stamp also names the caches the build made. */
export const buildOutputs = ["build/node/index.js", "build/server/index.js", "build/client/sw.js"];

const stampPath = (root) => path.join(root, "build/.build-stamp.json");

function filesOf(root, input) {
  const full = path.join(root, input);
  let stat;
  try {
    stat = fs.statSync(full);
  } catch {
    return []; // absent: its absence is part of the hash
  }
  if (!stat.isDirectory()) return [input];
  return fs
    .readdirSync(full, { recursive: true, encoding: "utf8" })
    .map((file) => path.join(input, file))
    .filter((file) => fs.statSync(path.join(root, file)).isFile());
}

/**
 * A hash of the build's inputs: every file's path and bytes, and NODE_ENV, which changes what Vite makes
 * unless it is production or unset (`npm start` checks with the operator's, the server runs with production).
 */
export function sourcesHash(root, inputs = buildInputs) {
  const mode = process.env.NODE_ENV || "production";
  const hash = crypto.createHash("sha256").update(`NODE_ENV=${mode}\0`);
  for (const input of inputs) {
    const files = filesOf(root, input).sort();
    hash.update(`${input}: ${files.length} files\0`);
    for (const file of files) {
      const bytes = fs.readFileSync(path.join(root, file));
      hash.update(`${file.split(path.sep).join("/")}\0${bytes.length}\0`).update(bytes);
    }
  }
  return hash.digest("hex");
}

function readStamp(root) {
  try {
    return JSON.parse(fs.readFileSync(stampPath(root), "utf8"));
  } catch {
    return null;
  }
}

/**
 * Why build/ must be built again, or null when it is a complete build of these sources: the stamp of a
 * build that finished, for the same hash, and every file it made still there.
 */
export function buildNeeded(root, hash = sourcesHash(root)) {
  const stamp = readStamp(root);
  if (!stamp) return "no finished build";
  if (stamp.sources !== hash) return "the sources changed since the last build";
  const missing = [...buildOutputs, ...(stamp.made ?? [])].find((file) => !fs.existsSync(path.join(root, file)));
  return missing ? `${missing} is missing` : null;
}

/** At the start of a build: build/ is no longer a finished build of anything. */
export function forgetBuild(root) {
  fs.rmSync(stampPath(root), { force: true });
}

/** The last step of a build: build/ is a finished build of the sources that hashed to `hash`, and made `made` too. */
export function stampBuild(root, hash, made = []) {
  const file = stampPath(root);
  const temporary = `${file}.${process.pid}`;
  fs.writeFileSync(temporary, `${JSON.stringify({ sources: hash, made, builtAt: new Date().toISOString() }, null, 2)}\n`);
  fs.renameSync(temporary, file);
}
