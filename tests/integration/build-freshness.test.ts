import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildNeeded, forgetBuild, sourcesHash, stampBuild } from "#scripts/lib/build-stamp.mjs";
import { temporaryFolder } from "#tests/helpers/database";

// `npm start` builds only when buildNeeded says so (scripts/build-if-changed.mjs). Here on a small project
// of its own: a source file, and the files a build makes.
let root: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
/** What scripts/build.ts does: hash first, forget the old stamp, build, stamp last. */
const finishBuild = (made: string[] = []) => {
  const hash = sourcesHash(root);
  forgetBuild(root);
  stampBuild(root, hash, made);
};

beforeEach(() => {
  root = temporaryFolder("educator-build-stamp-");
  write("app/routes/home.tsx", "export default function Home() {}\n");
  write("server/app.ts", "export {};\n");
  write("package-lock.json", "{}\n");
  for (const made of ["build/node/index.js", "build/server/index.js", "build/client/sw.js"]) write(made, "built\n");
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("whether npm start must build", () => {
  it("builds when no build finished, and not after one did with the same sources", () => {
    expect(buildNeeded(root)).toBe("no finished build");
    finishBuild();
    expect(buildNeeded(root)).toBeNull();
  });

  it("builds again after any change to a source: its bytes, a new file, a removed one, a renamed one, the lock file", () => {
    finishBuild();
    const changes: Array<[string, () => void]> = [
      ["a changed byte", () => write("app/routes/home.tsx", "export default function Home() {} \n")],
      ["a new file", () => write("public/robots.txt", "User-agent: *\n")],
      ["a removed file", () => fs.rmSync(path.join(root, "server/app.ts"))],
      ["a renamed file", () => fs.renameSync(path.join(root, "app/routes/home.tsx"), path.join(root, "app/routes/start.tsx"))],
      ["another install", () => write("package-lock.json", '{"lockfileVersion":3}\n')],
      ["a config file appearing", () => write("vite.config.ts", "export default {};\n")],
    ];
    for (const [what, change] of changes) {
      change();
      expect(buildNeeded(root), what).toBe("the sources changed since the last build");
      finishBuild();
      expect(buildNeeded(root), `${what}, built`).toBeNull();
    }
  });

  it("reads contents, not times: a file touched or written again with the same bytes needs no build", () => {
    finishBuild();
    const file = path.join(root, "app/routes/home.tsx");
    fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    write("app/routes/home.tsx", fs.readFileSync(file, "utf8"));
    expect(buildNeeded(root)).toBeNull();
  });

  it("never takes an interrupted build for a finished one, even once the sources are back as they were", () => {
    finishBuild();
    const before = fs.readFileSync(path.join(root, "app/routes/home.tsx"), "utf8");
    write("app/routes/home.tsx", "changed\n");
    // A build of the change starts (its first step forgets the stamp), and is stopped halfway.
    sourcesHash(root);
    forgetBuild(root);
    write("app/routes/home.tsx", before);
    expect(buildNeeded(root)).toBe("no finished build");
  });

  it("builds when a file made by the build, or a cache it made, is gone", () => {
    write("node_modules/.cache/the-educator/pglite-template-1/pgdata/PG_VERSION", "17\n");
    finishBuild(["node_modules/.cache/the-educator/pglite-template-1"]);
    expect(buildNeeded(root)).toBeNull();
    fs.rmSync(path.join(root, "node_modules/.cache"), { recursive: true });
    expect(buildNeeded(root)).toBe("node_modules/.cache/the-educator/pglite-template-1 is missing");
    finishBuild();
    fs.rmSync(path.join(root, "build/server/index.js"));
    expect(buildNeeded(root)).toBe("build/server/index.js is missing");
  });

  it("a change made while a build runs is built by the next start", () => {
    const hash = sourcesHash(root); // read as the build starts
    forgetBuild(root);
    write("server/app.ts", "export const changedMeanwhile = true;\n");
    stampBuild(root, hash);
    expect(buildNeeded(root)).toBe("the sources changed since the last build");
  });

  it("builds again under another NODE_ENV, which changes what Vite makes; production and unset are the same", () => {
    const saved = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = "production";
      finishBuild();
      delete process.env.NODE_ENV;
      expect(buildNeeded(root)).toBeNull();
      process.env.NODE_ENV = "development";
      expect(buildNeeded(root)).toBe("the sources changed since the last build");
    } finally {
      process.env.NODE_ENV = saved;
    }
  });
});
