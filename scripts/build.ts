// npm run build: everything `npm start` runs, made ahead of time.
//   build/client, build/server  the React Router app (react-router build)
//   build/client/sw.js, …       the service worker, web app manifest and icons (scripts/lib/offline-kit.ts)
//   build/node/index.js         the Node server (server/index.ts and what it imports), compiled with esbuild,
//                               so starting needs no TypeScript loader
//   node_modules/.cache/…       a migrated, empty embedded database that a new DATA_DIR starts as a copy of,
//                               and the demo magazine's pictures (kept between builds; made again when
//                               what they are made from changes: app/server/db/build-cache.server.ts)
//   build/.build-stamp.json     written last: what the build was made from (scripts/lib/build-stamp.mjs),
//                               so `npm start` builds again only when a source changed
import { spawn } from "node:child_process";
import path from "node:path";
import { build } from "esbuild";
import { cachedBuild, makeCachedBuild, type CachedThing } from "#app/server/db/build-cache.server";
import { makePgliteTemplate, pgliteTemplate } from "#app/server/db/database.server";
import { projectRoot } from "#database/paths";
import { demoImagesCache, writeDemoImages } from "#app/server/demo/demo-images.server";
import { makeOfflineKit } from "./lib/offline-kit";
import { forgetBuild, sourcesHash, stampBuild } from "./lib/build-stamp.mjs";

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} ${args.join(" ")} exited with ${code}`))));
  });
}

function compileServer() {
  return build({
    entryPoints: { index: path.join(projectRoot, "server/index.ts") },
    outdir: path.join(projectRoot, "build/node"),
    bundle: true,
    platform: "node",
    format: "esm",
    splitting: true, // the entry starts the database before it loads the rest (server/index.ts)
    target: "node20.19",
    packages: "external", // node_modules load as they are, as they do for build/server
    sourcemap: "linked", // NODE_OPTIONS=--enable-source-maps maps stack traces back to the sources
    logLevel: "warning",
  });
}

/** Made while the app builds (each is seconds of one CPU); a failure only makes starts slower. Its folder, if made. */
async function makeCached(what: string, thing: CachedThing, make: (folder: string) => Promise<void>): Promise<string[]> {
  try {
    console.log(`${what}: ${await makeCachedBuild(thing, make)}`);
    const folder = cachedBuild(thing);
    return folder ? [path.relative(projectRoot, folder)] : [];
  } catch (error) {
    console.warn(`${what} not made (starts will make it themselves, slower): ${String(error)}`);
    return [];
  }
}

const started = performance.now();
// What this build is made from, read before it starts: a file changed while it runs means another build next time.
const sources = sourcesHash(projectRoot);
forgetBuild(projectRoot); // an interrupted build leaves no stamp: it never passes for a finished one
const cached = Promise.all([
  makeCached("embedded database template", pgliteTemplate, makePgliteTemplate),
  makeCached("demo magazine pictures", demoImagesCache, writeDemoImages),
]);
await run(path.join(projectRoot, "node_modules/.bin/react-router"), ["build"]);
await makeOfflineKit(projectRoot);
console.log("offline kit made: build/client/sw.js, manifest.webmanifest, icons/");
await compileServer(); // after react-router build, which empties build/
console.log("server compiled: build/node/index.js");
stampBuild(projectRoot, sources, (await cached).flat()); // last
console.log(`built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
