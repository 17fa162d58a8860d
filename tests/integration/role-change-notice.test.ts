import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionEndings, sessions, users } from "#database/schema";
import { pruneExpiredAccountRows } from "#app/server/auth/account.server";
import { signOutReasonTexts } from "#app/server/auth/session-endings.server";
import { anAccount } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { CookieJar, signInOverHttp, startTestServer, type TestServer } from "#tests/helpers/server";

// A role change signs the person out everywhere: the admin is told so, and each of the person's
// browsers is told why on its next visit, once; nobody else ever is.

let server: TestServer;
let admin: CookieJar;

const reason = signOutReasonTexts["role-changed"];

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  admin = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
});
afterAll(() => server.close());

/** A browser's request: it sends its cookies and keeps what the answer sets. */
async function visit(path: string, jar?: CookieJar) {
  const response = await fetch(`${server.url}${path}`, { redirect: "manual", headers: jar ? { Cookie: jar.header() } : {} });
  jar?.store(response);
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

function post(path: string, fields: Record<string, string>, jar: CookieJar) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: jar.header() },
    body: new URLSearchParams(fields),
  });
}

const sessionsOf = async (userId: string) => (await server.services.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
const endingsOf = async (userId: string) => server.services.db.select().from(sessionEndings).where(eq(sessionEndings.userId, userId));
const told = (html: string) => html.includes(reason);

describe(`a role change tells the admin and the person (${testDatabaseKind})`, () => {
  it("says the person was signed out everywhere; an edit without a role change says only the spec's text", async () => {
    const person = await anAccount(server.services.db, { displayName: "Chanda" });
    await signInOverHttp(server.url, person.email, person.password);
    const rename = await post("/admin/users", { id: person.id, displayName: "Chanda M", role: "user", bio: "" }, admin);
    expect(rename.status).toBe(200);
    const renamed = await rename.text();
    expect(renamed).toContain("User updated successfully.");
    expect(renamed).not.toContain("signed out everywhere");
    expect(await sessionsOf(person.id)).toBe(1);

    const promote = await post("/admin/users", { id: person.id, displayName: "Chanda M", role: "admin", bio: "" }, admin);
    expect(promote.status).toBe(200);
    expect(await promote.text()).toContain("User updated successfully. They have been signed out everywhere.");
    expect(await sessionsOf(person.id)).toBe(0);
    expect(await endingsOf(person.id)).toEqual([expect.objectContaining({ reason: "role-changed" })]);
  });

  it("tells each of the person's browsers why on its next visit, once, and nobody else", async () => {
    const person = await anAccount(server.services.db, { displayName: "Mutale" });
    const bystander = await anAccount(server.services.db, { displayName: "Bystander" });
    const laptop = await signInOverHttp(server.url, person.email, person.password);
    const phone = await signInOverHttp(server.url, person.email, person.password);
    const tablet = await signInOverHttp(server.url, person.email, person.password);
    const other = await signInOverHttp(server.url, bystander.email, bystander.password);
    const staleLaptopCookie = laptop.header();

    const promoted = await post("/admin/users", { id: person.id, displayName: "Mutale", role: "admin", bio: "" }, admin);
    expect(await promoted.text()).toContain("They have been signed out everywhere.");
    expect(await endingsOf(person.id)).toHaveLength(3);

    // The laptop opens the home page (a reader page): told there, and its dead cookie is cleared.
    const home = await visit("/", laptop);
    expect(home.status).toBe(200);
    expect(told(home.html)).toBe(true);
    expect(laptop.header()).not.toContain("educator_session");
    expect(told((await visit("/", laptop)).html)).toBe(false);
    expect(told((await visit("/auth", laptop)).html)).toBe(false);

    // The phone goes to the admin panel: sent to sign in, and the sign-in page says why, once.
    const admin_ = await visit("/admin", phone);
    expect(admin_.status).toBe(302);
    expect(admin_.location).toMatch(/^\/auth\?redirectTo=/);
    const signIn = await visit(admin_.location!, phone);
    expect(signIn.status).toBe(200);
    expect(told(signIn.html)).toBe(true);
    expect(told((await visit("/auth", phone)).html)).toBe(false);

    // The tablet opens a page whose loader sends it to sign in: the reason waits for the page that shows it.
    const account = await visit("/account", tablet);
    expect(account.status).toBe(302);
    expect(told((await visit(account.location!, tablet)).html)).toBe(true);
    expect(told((await visit("/", tablet)).html)).toBe(false);

    // Nobody else is told: another reader, an anonymous visitor, the admin, and the page cache.
    for (const jar of [other, new CookieJar(), admin]) {
      expect(told((await visit("/", jar)).html)).toBe(false);
      expect(told((await visit("/auth", jar)).html)).toBe(false);
    }
    expect(told((await visit("/")).html)).toBe(false);

    // Signed in again, the person is not told again, even on a device that kept the old cookie.
    const again = await signInOverHttp(server.url, person.email, person.password);
    expect(told((await visit("/", again)).html)).toBe(false);
    const keptOldCookie = { header: () => staleLaptopCookie, store: () => undefined } as unknown as CookieJar;
    // (A browser that kept the old cookie despite being told to forget it is told again: it is still that browser.)
    expect(told((await visit("/", keptOldCookie)).html)).toBe(true);
  });

  it("tells a demoted admin too, and forgets the reasons with the sessions' own expiry or the account", async () => {
    const person = await anAccount(server.services.db, { role: "admin", displayName: "Former Editor" });
    const browser = await signInOverHttp(server.url, person.email, person.password);
    expect((await visit("/admin", browser)).status).toBe(200);
    const demoted = await post("/admin/users", { id: person.id, displayName: "Former Editor", role: "user", bio: "" }, admin);
    expect(await demoted.text()).toContain("User updated successfully. They have been signed out everywhere.");
    const next = await visit("/admin", browser);
    expect(next.status).toBe(302);
    expect(told((await visit(next.location!, browser)).html)).toBe(true);

    const another = await anAccount(server.services.db);
    await signInOverHttp(server.url, another.email, another.password);
    const promoted = await post("/admin/users", { id: another.id, displayName: "Another", role: "admin", bio: "" }, admin);
    expect(promoted.status).toBe(200);
    expect(await endingsOf(another.id)).toHaveLength(1);
    await server.services.db.delete(users).where(eq(users.id, another.id));
    expect(await endingsOf(another.id)).toHaveLength(0);

    // Last: pruning at the sessions' expiry ends every session of this test, the admin's too.
    const [ending] = await endingsOf(person.id);
    await pruneExpiredAccountRows(server.services.db, new Date(ending!.expiresAt.getTime() - 1000));
    expect(await endingsOf(person.id)).toHaveLength(1);
    await pruneExpiredAccountRows(server.services.db, new Date(ending!.expiresAt.getTime() + 1000));
    expect(await endingsOf(person.id)).toHaveLength(0);
  });
});
