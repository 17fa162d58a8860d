import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, users } from "#database/schema";
import { anAccount } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

let server: TestServer;
let admin: CookieJar;
const spam = "VISIT cheap-pills.example NOW";
const refusal = "A display name cannot contain a web address.";

beforeAll(async () => {
  server = await startTestServer({ OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  admin = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
});
afterAll(() => server.close());

const post = (path: string, fields: Record<string, string>, jar?: CookieJar) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...(jar ? { Cookie: jar.header() } : {}) },
    body: new URLSearchParams(fields),
  });

const nameOf = async (id: string) => (await server.services.db.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.id, id)))[0]!.name;

describe(`display names follow one rule wherever they are set (${testDatabaseKind})`, () => {
  it("on /account: no web address, at most 80 characters", async () => {
    const account = await anAccount(server.services.db, { displayName: "Mutinta" });
    const jar = await signInOverHttp(server.url, account.email, account.password);
    for (const [displayName, message] of [
      [spam, refusal],
      ["x".repeat(81), "Display name must be at most 80 characters."],
      ["   ", "Please enter a display name."],
    ] as const) {
      const refused = await post("/account", { intent: "display-name", displayName }, jar);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message);
    }
    expect(await nameOf(account.id)).toBe("Mutinta");
  });

  it("on the admin's Users screen, where a blank name is still cleared", async () => {
    const account = await anAccount(server.services.db, { displayName: "Chipo" });
    const refused = await post("/admin/users", { id: account.id, displayName: spam, role: "user", bio: "" }, admin);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(refusal);
    expect(await nameOf(account.id)).toBe("Chipo");
    expect((await post("/admin/users", { id: account.id, displayName: "x".repeat(81), role: "user", bio: "" }, admin)).status).toBe(400);
    expect((await post("/admin/users", { id: account.id, displayName: "", role: "user", bio: "" }, admin)).status).toBe(200);
    expect(await nameOf(account.id)).toBeNull();
  });

  it("on an author profile", async () => {
    const [owner] = await server.services.db.select({ id: users.id }).from(users).where(eq(users.email, "owner@example.com"));
    const before = await nameOf(owner!.id);
    const refused = await post("/admin/profile", { displayName: spam, bio: "", photoUrl: "", slug: "", published: "" }, admin);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(refusal);
    expect(await nameOf(owner!.id)).toBe(before);
  });

  it("at sign-up, where the name comes from the email: its dots become spaces, so it reads as no address", async () => {
    const signedUp = await post("/auth", { intent: "sign-up", email: "cheap-pills.example@example.com", password: "a-long-passphrase" });
    expect(signedUp.status).toBe(302);
    const [account] = await server.services.db.select({ id: users.id }).from(users).where(eq(users.email, "cheap-pills.example@example.com"));
    expect(await nameOf(account!.id)).toBe("cheap-pills example");
  });
});
