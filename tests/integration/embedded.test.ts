import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { categories } from "#database/schema";
import { selectRows } from "#app/server/db/types.server";
import { DatabaseLockedError, openEmbeddedDatabase } from "#app/server/db/database.server";
import { lockDataDir } from "#app/server/db/data-folder-lock.server";
import { makePrivateFolder } from "#app/server/db/private-folder.server";
import { createTestDatabase, temporaryFolder, testDatabaseKind } from "#tests/helpers/database";
import { runBuiltServer, runTsx, startServerProcess, stopProcess, type RunningProcess } from "#tests/helpers/processes";
import { signInOverHttp } from "#tests/helpers/server";
import { aCategory } from "#tests/factories";

// These are about the embedded engine itself, so they run in the PGlite pass only.
describe.skipIf(testDatabaseKind !== "pglite")("embedded database (PGlite)", () => {
  it("refuses a second opener of the same data folder with a clear message", async () => {
    const folder = temporaryFolder();
    const dataDir = path.join(folder, "pgdata");
    const first = await openEmbeddedDatabase({ dataDir });
    try {
      await expect(openEmbeddedDatabase({ dataDir })).rejects.toThrow(DatabaseLockedError);
      await expect(openEmbeddedDatabase({ dataDir })).rejects.toThrow(
        `The data folder ${folder} is in use by another process. Stop it first, or give this server its own DATA_DIR.`,
      );
    } finally {
      await first.close();
    }
    const again = await openEmbeddedDatabase({ dataDir }); // released on close
    await again.close();
  });

  it("lets no query and no other transaction into an open transaction, however close together they are issued", async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const { db } = database;
      await db.execute(sql`create table interleaving (n int)`);
      const undone = db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into interleaving values (1)`);
          throw new Error("undo");
        })
        .catch(() => "rolled back");
      // Issued in the same tick as the transaction: each must run before or after it, never inside it.
      const outside = db.execute(sql`insert into interleaving values (2)`);
      const second = db.transaction((tx) => tx.execute(sql`insert into interleaving values (3)`));
      expect(await undone).toBe("rolled back");
      await Promise.all([outside, second]);
      const rows = await selectRows<{ n: number }>(db, sql`select n from interleaving order by n`);
      expect(rows.map((row) => row.n)).toEqual([2, 3]);
    } finally {
      await drop();
    }
  });

  it("creates the data folder for this account only, and takes from others what an existing one granted them", async () => {
    const created = path.join(temporaryFolder(), "new", "data");
    const fresh = await openEmbeddedDatabase({ dataDir: path.join(created, "pgdata") });
    await fresh.close();
    expect(fs.statSync(created).mode & 0o777).toBe(0o700);

    const existing = temporaryFolder();
    fs.chmodSync(existing, 0o755);
    makePrivateFolder(existing);
    expect(fs.statSync(existing).mode & 0o777).toBe(0o750);
  });

  it("refuses a second server on the same DATA_DIR, and the first keeps serving", async () => {
    const dataDir = temporaryFolder();
    const first = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: "false" });
    try {
      const second = runBuiltServer({ DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "warn" });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`The data folder ${path.resolve(dataDir)} is in use by another process`);
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    } finally {
      expect(await stopProcess(first)).toBe(0); // graceful shutdown exits cleanly
    }
  }, 90_000);

  it("keeps all data across a restart and loads the demo magazine only once", async () => {
    const dataDir = temporaryFolder();
    const env = { DATA_DIR: dataDir, OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" };
    const first = await startServerProcess(env);
    let articleCount: string;
    try {
      articleCount = /(\d+) articles/.exec(await (await fetch(`${first.url}/articles`)).text())![1]!;
      const signUp = await fetch(`${first.url}/auth`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: first.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "sign-up", email: "stays@example.com", password: "still-here" }),
      });
      expect(signUp.status).toBe(302);
    } finally {
      expect(await stopProcess(first)).toBe(0);
    }
    const second = await startServerProcess(env);
    try {
      expect(/(\d+) articles/.exec(await (await fetch(`${second.url}/articles`)).text())![1]).toBe(articleCount);
      const jar = await signInOverHttp(second.url, "stays@example.com", "still-here");
      const session = (await (await fetch(`${second.url}/api/session`, { headers: { Cookie: jar.header() } })).json()) as { user: { email: string } };
      expect(session.user.email).toBe("stays@example.com");
    } finally {
      await stopProcess(second);
    }
  }, 120_000);

  it("is free again the moment a holder is killed with SIGKILL: the kernel releases the lock, not a pid check", async () => {
    const folder = temporaryFolder();
    const holder = runTsx("tests/fixtures/lock-holder.ts", [folder], {});
    await waitForOutput(holder, "locked");
    const refused = runTsx("tests/fixtures/lock-holder.ts", [folder], {});
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(`The data folder ${folder} is in use by another process.`);
    expect(() => lockDataDir(folder)).toThrow(DatabaseLockedError); // this process too, while the holder lives

    holder.child.kill("SIGKILL");
    await holder.exited;
    expect(fs.readFileSync(path.join(folder, "server.lock"), "utf8")).toMatch(/^pid \d+, since /); // left behind, only information
    const unlock = lockDataDir(folder);
    unlock();
  }, 30_000);

  it("is not blocked by a lock file that names a live process: our own pid, pid 1, or a reused pid", () => {
    for (const pid of [process.pid, 1, process.ppid]) {
      const folder = temporaryFolder();
      fs.writeFileSync(path.join(folder, "server.lock"), String(pid)); // what the old pid-file lock left behind
      const unlock = lockDataDir(folder);
      unlock();
    }
  });

  it("keeps its lock when another descriptor of the lock file in this process is closed", () => {
    const folder = temporaryFolder();
    const unlock = lockDataDir(folder);
    try {
      fs.closeSync(fs.openSync(path.join(folder, "server.lock"), "r")); // would drop a classic POSIX (fcntl) lock
      expect(() => lockDataDir(folder)).toThrow(DatabaseLockedError);
    } finally {
      unlock();
    }
    lockDataDir(folder)();
  });

  it("survives a kill during first-time creation: the next start creates a working database", async () => {
    const folder = temporaryFolder();
    const dataDir = path.join(folder, "pgdata");
    const creator = runTsx("tests/fixtures/embedded-writer.ts", [dataDir, "create-only"], {});
    await new Promise((resolve) => setTimeout(resolve, 1500)); // creation takes a few seconds
    creator.child.kill("SIGKILL");
    await creator.exited;
    // Killed mid-creation, the real folder never exists half-made: it appears only by the final rename.
    if (!creator.output().includes("opened")) expect(fs.existsSync(path.join(dataDir, "PG_VERSION"))).toBe(false);

    const database = await openEmbeddedDatabase({ dataDir });
    try {
      await database.migrate();
      await aCategory(database.db);
      expect(await database.db.select().from(categories)).toHaveLength(1);
      expect(fs.readdirSync(folder).filter((entry) => entry.includes(".creating-"))).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it("loses no acknowledged write when the process is killed with SIGKILL mid-burst", async () => {
    const folder = temporaryFolder();
    const dataDir = path.join(folder, "pgdata");
    const writer = runTsx("tests/fixtures/embedded-writer.ts", [dataDir], {});
    const deadline = Date.now() + 60_000;
    while ((writer.output().match(/^ack /gm)?.length ?? 0) < 200) {
      if (writer.child.exitCode !== null || Date.now() > deadline) throw new Error(`writer stopped early:\n${writer.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    writer.child.kill("SIGKILL");
    await writer.exited;
    const acknowledged = [...writer.output().matchAll(/^ack (\S+)$/gm)].map((match) => match[1]!);

    const database = await openEmbeddedDatabase({ dataDir });
    try {
      const stored = new Set((await database.db.select({ slug: categories.slug }).from(categories)).map((row) => row.slug));
      expect(acknowledged.filter((slug) => !stored.has(slug))).toEqual([]);
      expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await database.close();
    }
  }, 90_000);
});

async function waitForOutput(running: RunningProcess, text: string) {
  const deadline = Date.now() + 20_000;
  while (!running.output().includes(text)) {
    if (running.child.exitCode !== null || Date.now() > deadline) throw new Error(`expected "${text}":\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
