import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { temporaryFolder, testDatabaseKind } from "#tests/helpers/database";
import { freePort, runBuiltServer, runTsx, startServerProcess, stopProcess, type RunningProcess } from "#tests/helpers/processes";
import { signInOverHttp } from "#tests/helpers/server";

// A new operator's first starts (issue 22): nothing is made before the start can succeed, the one-time
// password is never lost, and every link uses the address the server prints.

/** The server's own environment, as a new operator's: no owner named, links from where it listens. */
const newOperator = { DATABASE_URL: "", OWNER_EMAIL: "", OWNER_PASSWORD: "", PUBLIC_URL: "", LOG_LEVEL: "warn" };
const reminder = "reset-password --email owner@the-educator.local";

async function waitForOutput(running: RunningProcess, text: string) {
  const deadline = Date.now() + 20_000;
  while (!running.output().includes(text)) {
    if (running.child.exitCode !== null || Date.now() > deadline) throw new Error(`expected "${text}":\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Started, with its start-up lines printed. */
async function start(env: Record<string, string>) {
  const server = await startServerProcess(env);
  await waitForOutput(server, "Admin:");
  return server;
}

async function signOut(url: string, cookie: string) {
  const response = await fetch(`${url}/sign-out`, { method: "POST", redirect: "manual", headers: { Origin: url, Cookie: cookie } });
  expect(response.status).toBe(302);
}

describe.skipIf(testDatabaseKind !== "pglite")("a new operator's first starts", () => {
  it("stops with one line when the port is taken, before anything is made; started free, it prints the password", async () => {
    const dataDir = path.join(temporaryFolder(), "data");
    const taken = net.createServer();
    const port = await new Promise<number>((resolve) => taken.listen(0, "127.0.0.1", () => resolve((taken.address() as net.AddressInfo).port)));
    try {
      const refused = runBuiltServer({ ...newOperator, DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "info" });
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toBe(
        `Port ${port} on 127.0.0.1 is already in use (by another program, or The Educator already running). Stop it, or start with another PORT.\n`,
      );
      expect(fs.existsSync(dataDir)).toBe(false); // no database, no owner, no password
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }

    const first = await start({ ...newOperator, DATA_DIR: dataDir });
    try {
      expect(first.output()).toMatch(/email: +owner@the-educator\.local\n +password: \S+/);
      expect(first.output()).toContain(`Admin: sign in at ${first.url}/auth as owner@the-educator.local with the password above.`);
    } finally {
      expect(await stopProcess(first)).toBe(0);
    }
  }, 120_000);

  it("stops with one line naming what to change for the other start-up conditions, before anything is made", async () => {
    const file = path.join(temporaryFolder(), "not-a-folder");
    fs.writeFileSync(file, "");
    const cases: Array<[Record<string, string>, string]> = [
      [{ PORT: "eighty" }, 'Invalid configuration: PORT must be a number (got "eighty")'],
      [{ DATA_DIR: file }, `DATA_DIR ${file} cannot be used: EEXIST`],
      [{ HOST: "host.invalid", PUBLIC_URL: "https://educator.example" }, "HOST host.invalid is not a known host name"],
      [{ DATABASE_URL: `postgres://nobody@127.0.0.1:${await freePort()}/magazine` }, "Could not connect to the database of DATABASE_URL (127.0.0.1:"],
    ];
    for (const [env, line] of cases) {
      const refused = runBuiltServer({ ...newOperator, DATA_DIR: temporaryFolder(), PORT: "0", LOG_LEVEL: "info", ...env });
      expect(await refused.exited, refused.output()).toBe(1);
      expect(refused.output()).toMatch(/^[^\n]+\n$/); // one line, no stack, no JSON
      expect(refused.output()).toContain(line);
    }
  }, 60_000);

  it("says how to sign in, or to get a reset link, at every start until the owner has signed in", async () => {
    const dataDir = temporaryFolder();
    const first = await start({ ...newOperator, DATA_DIR: dataDir });
    const password = /password: (\S+)/.exec(first.output())![1]!;
    await stopProcess(first);

    const second = await start({ ...newOperator, DATA_DIR: dataDir });
    try {
      expect(second.output()).not.toMatch(/password: \S+/); // never kept, so never printed again
      expect(second.output()).toContain(`Admin: sign in at ${second.url}/auth as owner@the-educator.local.`);
      expect(second.output()).toContain(`Lost the password? Run npm run admin -- ${reminder} (with the server stopped)`);
      await signInOverHttp(second.url, "owner@the-educator.local", password); // and stays signed in
    } finally {
      expect(await stopProcess(second)).toBe(0);
    }

    const third = await start({ ...newOperator, DATA_DIR: dataDir });
    try {
      expect(third.output()).not.toContain(reminder);
      expect(third.output()).toContain(`Admin: ${third.url}/admin`);
    } finally {
      expect(await stopProcess(third)).toBe(0);
    }
  }, 120_000);

  it("remembers a sign-in whose session has ended by the next start (signed out)", async () => {
    const dataDir = temporaryFolder();
    const owner = { ...newOperator, DATA_DIR: dataDir, OWNER_EMAIL: "head@school.example", OWNER_PASSWORD: "chalk-and-slate-42" };
    const first = await start(owner);
    try {
      expect(first.output()).toContain(`Admin: sign in at ${first.url}/auth as head@school.example with OWNER_PASSWORD.`);
      const jar = await signInOverHttp(first.url, owner.OWNER_EMAIL, owner.OWNER_PASSWORD);
      await signOut(first.url, jar.header());
      await new Promise((resolve) => setTimeout(resolve, 500)); // the session's end is announced, then remembered
    } finally {
      expect(await stopProcess(first)).toBe(0);
    }
    const second = await start(owner);
    try {
      expect(second.output()).not.toContain("reset-password");
    } finally {
      expect(await stopProcess(second)).toBe(0);
    }
  }, 120_000);

  it("makes the admin CLI's reset link with the address the server printed, on a port that is not 3000", async () => {
    const dataDir = temporaryFolder();
    const server = await start({ ...newOperator, DATA_DIR: dataDir });
    const printed = /The Educator is running at (\S+)/.exec(server.output())![1]!;
    try {
      expect(printed).toBe(server.url);
      expect(server.output()).toContain("Links in mails, feeds, shares and print use this address");
    } finally {
      await stopProcess(server);
    }

    // Another shell, without the server's PORT: the address the server started with.
    const reset = runTsx("scripts/admin.ts", ["reset-password", "--email", "owner@the-educator.local"], {
      ...newOperator,
      DATA_DIR: dataDir,
      HOST: "",
      PORT: "",
    });
    expect(await reset.exited, reset.output()).toBe(0);
    expect(reset.output()).toContain(`${printed}/auth/reset?token=`);

    // Named in the command's environment, the address is the one a server would have there.
    const port = await freePort();
    const named = runTsx("scripts/admin.ts", ["reset-password", "--email", "owner@the-educator.local"], {
      ...newOperator,
      DATA_DIR: dataDir,
      HOST: "",
      PORT: String(port),
    });
    expect(await named.exited, named.output()).toBe(0);
    expect(named.output()).toContain(`http://127.0.0.1:${port}/auth/reset?token=`);
  }, 120_000);
});
