// The registry these machines reach serves only Linux builds of platform-specific packages,
// so `npm install` leaves the other platforms' optional packages (rollup, esbuild, sharp,
// tailwind oxide…) out of package-lock.json, and `npm ci` then refuses the lock file.
// This adds a bare entry for each missing optional package; npm skips them when installing.
// It runs after every `npm install` (postinstall) and changes nothing when the lock is complete.
import fs from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
if (!fs.existsSync(file)) process.exit(0);
const original = fs.readFileSync(file, "utf8");
const lock = JSON.parse(original);
const packages = lock.packages ?? {};

for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ""}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    packages[hoisted] = { version, optional: true, ...(entry.dev ? { dev: true } : {}) };
  }
}

const completed = `${JSON.stringify(lock, null, 2)}\n`;
if (completed !== original) fs.writeFileSync(file, completed);
