import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories } from "#database/schema";
import { cachedBuild, makeCachedBuild } from "#app/server/db/build-cache.server";
import { makePgliteTemplate, openEmbeddedDatabase } from "#app/server/db/database.server";
import { selectRows } from "#app/server/db/types.server";
import { temporaryFolder, testDatabaseKind } from "#tests/helpers/database";
import { startServerProcess, stopProcess } from "#tests/helpers/processes";
import { aCategory } from "#tests/factories";

// How the server starts: the compiled entry point, a new data folder copied from a template database,
// the build cache. (How fast is measured by `npm run bench:startup`, never here.)
describe.skipIf(testDatabaseKind !== "pglite")("starting the server", () => {
  it("the compiled server (build/node/index.js) starts on a new data folder with the demo magazine, and again on it", async () => {
    const dataDir = temporaryFolder();
    const first = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: "" });
    let coverUrl: string;
    try {
      const home = await fetch(`${first.url}/`);
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).toContain("The Educator");
      coverUrl = /\/uploads\/media\/articles\/demo-[a-z0-9-]+\.jpg/.exec(html)![0];
      const cover = await fetch(`${first.url}${coverUrl}`);
      expect(cover.status).toBe(200);
      expect(cover.headers.get("content-type")).toBe("image/jpeg");
      const webp = await fetch(`${first.url}${coverUrl.replace(/\.jpg$/, ".w480.webp")}`);
      expect(webp.headers.get("content-type")).toBe("image/webp");
      expect(first.output()).toMatch(/password: \S+/); // the generated owner, printed once
    } finally {
      expect(await stopProcess(first)).toBe(0);
    }

    const second = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: "" });
    try {
      expect((await fetch(`${second.url}/`)).status).toBe(200);
      expect((await fetch(`${second.url}${coverUrl}`)).status).toBe(200);
      expect(second.output()).not.toMatch(/password: \S+/);
    } finally {
      expect(await stopProcess(second)).toBe(0);
    }
  }, 120_000);

  it("a new data folder made from the template is migrated and its own: writes reach neither the template nor another copy", async () => {
    const folder = temporaryFolder();
    await makePgliteTemplate(path.join(folder, "template"));
    const template = path.join(folder, "template/pgdata");
    fs.mkdirSync(path.join(folder, "one/pgdata.creating-999999999"), { recursive: true }); // left by a killed start
    const one = await openEmbeddedDatabase({ dataDir: path.join(folder, "one/pgdata"), template });
    const two = await openEmbeddedDatabase({ dataDir: path.join(folder, "two/pgdata"), template });
    try {
      const applied = fs.readdirSync(path.resolve(import.meta.dirname, "../../database/migrations")).filter((file) => file.endsWith(".sql"));
      const [migrations] = await selectRows<{ n: number }>(one.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(migrations!.n).toBe(applied.length);
      await one.migrate(); // nothing left to apply
      await aCategory(one.db, { name: "Only here" });
      expect(await one.db.select({ slug: categories.slug }).from(categories)).toEqual([{ slug: "only-here" }]);
      expect(await two.db.select().from(categories)).toEqual([]);
      expect(fs.readdirSync(path.join(folder, "one"))).not.toContain("pgdata.creating-999999999");
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
    const three = await openEmbeddedDatabase({ dataDir: path.join(folder, "three/pgdata"), template });
    try {
      expect(await three.db.select().from(categories)).toEqual([]);
    } finally {
      await three.close();
    }
  }, 180_000);

  it("the build cache makes a thing once, and never leaves a half-made one", async () => {
    const thing = { name: `test-thing-${process.pid}`, inputs: ["package.json"] };
    try {
      await expect(makeCachedBuild(thing, () => Promise.reject(new Error("failed halfway")))).rejects.toThrow("failed halfway");
      expect(cachedBuild(thing)).toBeUndefined();
      let made = 0;
      const make = async (folder: string) => {
        made++;
        fs.writeFileSync(path.join(folder, "made.txt"), "yes");
      };
      expect(await makeCachedBuild(thing, make)).toBe("made");
      expect(await makeCachedBuild(thing, make)).toBe("up to date");
      expect(made).toBe(1);
      expect(fs.readFileSync(path.join(cachedBuild(thing)!, "made.txt"), "utf8")).toBe("yes");
    } finally {
      const folder = cachedBuild(thing);
      if (folder) fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
