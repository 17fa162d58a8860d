import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitations, profiles, sessions, users } from "#database/schema";
import { anAccount } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { CookieJar, postForm, signInOverHttp, startTestServer, type TestServer } from "#tests/helpers/server";
import { startSmtpSink, type SmtpSink } from "#tests/helpers/smtp";

// An admin invites people to the staff by email: the mailed link (single use, 7 days) creates
// the account, or raises an existing one to the role, once a password is chosen.

let server: TestServer;
let smtp: SmtpSink;
let owner: CookieJar;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: smtp.url, SEED_DEMO: "false", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  owner = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const roleOf = async (email: string) =>
  (await server.services.db.select({ role: profiles.role }).from(users).innerJoin(profiles, eq(profiles.id, users.id)).where(eq(users.email, email)))[0]?.role;
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

async function invite(email: string, role: string) {
  const answer = await postForm(server.url, "/admin/users", { intent: "invite", email, role }, owner);
  expect(answer.status).toBe(200);
  // The mail's link is on the public address; the page is asked of the test server.
  const link = await smtp.linkFor(email.toLowerCase(), `${server.services.config.PUBLIC_URL}/invite?token=`);
  return `${server.url}/invite?token=${tokenOf(link)}`;
}

describe(`invitations (${testDatabaseKind})`, () => {
  it("creates a contributor's account from the mailed link, once", async () => {
    const link = await invite("Teacher@Example.com", "contributor");
    expect(smtp.inbox.find((mail) => mail.to.includes("teacher@example.com"))!.body).toContain("as a contributor");
    const page = await (await fetch(link)).text();
    expect(page).toContain("Join The Educator");
    expect(page).toContain("teacher@example.com");

    // A refused password keeps the name typed, and uses nothing up.
    const weak = await postForm(server.url, `/invite?token=${tokenOf(link)}`, { token: tokenOf(link), displayName: "Mwape Zulu", password: "123456" });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain('value="Mwape Zulu"');

    const accepted = await postForm(server.url, "/invite", { token: tokenOf(link), displayName: "Mwape Zulu", password: "chalk-and-talk-42" });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/admin");
    expect(await roleOf("teacher@example.com")).toBe("contributor");
    const jar = new CookieJar();
    jar.store(accepted);
    expect((await fetch(`${server.url}/admin/articles`, { headers: { Cookie: jar.header() }, redirect: "manual" })).status).toBe(200);

    const again = await postForm(server.url, "/invite", { token: tokenOf(link), displayName: "Someone Else", password: "another-secret-9" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This invitation link is not valid.");
  });

  it("raises an existing account to the role (never lowers one), and signs its other devices out", async () => {
    const reader = await anAccount(server.services.db, { email: "reader@example.com" });
    await signInOverHttp(server.url, reader.email, reader.password);
    const link = await invite("reader@example.com", "author");
    expect((await postForm(server.url, "/invite", { token: tokenOf(link), displayName: "Reader Now Author", password: "fresh-secret-77" })).status).toBe(302);
    expect(await roleOf("reader@example.com")).toBe("author");
    expect(await server.services.db.select().from(sessions).where(eq(sessions.userId, reader.id))).toHaveLength(1); // only the new one

    const admin = await anAccount(server.services.db, { role: "admin", email: "second-admin@example.com" });
    const lower = await invite(admin.email, "contributor");
    expect((await postForm(server.url, "/invite", { token: tokenOf(lower), displayName: "Still Admin", password: "admin-secret-55" })).status).toBe(302);
    expect(await roleOf(admin.email)).toBe("admin");
  });

  it("only the newest link of an address works; a withdrawn one works no more", async () => {
    const first = await invite("twice@example.com", "editor");
    smtp.inbox.length = 0;
    const second = await invite("twice@example.com", "editor");
    expect(first).not.toBe(second);
    expect(await (await fetch(first)).text()).toContain("This invitation link is not valid.");
    const [open] = await server.services.db.select({ id: invitations.id }).from(invitations).where(eq(invitations.email, "twice@example.com"));
    expect((await postForm(server.url, "/admin/users", { intent: "revoke-invitation", id: open!.id }, owner)).status).toBe(200);
    expect(await (await fetch(second)).text()).toContain("This invitation link is not valid.");
  });

  it("refuses a bad address, and anyone but an admin", async () => {
    const bad = await postForm(server.url, "/admin/users", { intent: "invite", email: "not-an-email", role: "author" }, owner);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter a valid email address.");
    const editor = await anAccount(server.services.db, { role: "editor" });
    const editorJar = await signInOverHttp(server.url, editor.email, editor.password);
    expect((await postForm(server.url, "/admin/users", { intent: "invite", email: "x@example.com", role: "admin" }, editorJar)).status).toBe(403);
    expect(await server.services.db.select().from(invitations).where(eq(invitations.email, "x@example.com"))).toHaveLength(0);
  });
});
