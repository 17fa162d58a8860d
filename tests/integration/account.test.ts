import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, categories, comments, emailChanges, emailVerifications, passwordResets, profiles, sessions, users } from "#database/schema";
import { createAccount } from "#app/server/auth/auth.server";
import { pruneExpiredAccountRows } from "#app/server/auth/account.server";
import { resetLinkInvalidText, resetRequestedText, resendRequestedText } from "#app/lib/account-texts";
import { testDatabaseKind } from "#tests/helpers/database";
import { CookieJar, signInOverHttp, startTestServer, type TestServer } from "#tests/helpers/server";
import { startSmtpSink, type SmtpSink } from "#tests/helpers/smtp";

let server: TestServer;
let smtp: SmtpSink;
let accountNumber = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  // TRUST_PROXY lets each request speak from its own client address (X-Forwarded-For), under the per-address limits.
  server = await startTestServer({ SMTP_URL: smtp.url, OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret", TRUST_PROXY: "1" });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** A confirmed reader account. */
async function reader(password = "first-secret") {
  const email = `reader${++accountNumber}@example.com`;
  const id = await createAccount(server.services.db, { email, password, role: "user", verified: true });
  return { id, email, password };
}

function post(path: string, fields: Record<string, string>, jar?: CookieJar, ip = "198.51.100.1") {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip, ...(jar ? { Cookie: jar.header() } : {}) },
    body: new URLSearchParams(fields),
  });
}

const signedIn = async (jar: CookieJar) =>
  ((await (await fetch(`${server.url}/api/session`, { headers: { Cookie: jar.header() } })).json()) as { user: { email: string } | null }).user;

const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

describe(`forgot password (${testDatabaseKind})`, () => {
  it("answers the same for an email with an account and one without, and mails only the first", async () => {
    const timings: Record<"known" | "unknown", number[]> = { known: [], unknown: [] };
    const bodies = new Set<string>();
    const ask = async (kind: "known" | "unknown", email: string, ip: string) => {
      const started = performance.now();
      const response = await post("/auth/forgot", { email }, undefined, ip);
      timings[kind].push(performance.now() - started);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(resetRequestedText);
      // The page without the email typed and the per-response nonce.
      bodies.add(
        html
          .replaceAll(email, "EMAIL")
          .replace(/nonce="[^"]*"/g, "")
          .replace(/"nonce":"[^"]*"/g, ""),
      );
    };
    await ask("unknown", "warm-up@example.com", "198.51.100.9");
    timings.unknown.length = 0;
    // A new account and address each round (the per-email and per-address limits), the order alternating,
    // and the mail of a round delivered before the next: the work after the reply never lands in a timing.
    for (let round = 0; round < 6; round++) {
      const known = await reader();
      const asks: ["known" | "unknown", string][] = [
        ["known", known.email],
        ["unknown", `nobody${round}@example.com`],
      ];
      for (const [kind, email] of round % 2 ? asks.reverse() : asks) await ask(kind, email, `198.51.100.${10 + round}`);
      await smtp.linkFor(known.email, "http://127.0.0.1/auth/reset?token=");
    }
    expect(bodies.size).toBe(1);
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
    };
    expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(100);
    expect(smtp.inbox.some((mail) => mail.to.some((to) => to.startsWith("nobody") || to.startsWith("warm-up")))).toBe(false);
  });

  it("sets a new password from the link once, signs the account out everywhere and in here", async () => {
    const account = await reader();
    const elsewhere = await signInOverHttp(server.url, account.email, account.password);
    await post("/auth/forgot", { email: account.email }, undefined, "198.51.100.20");
    const token = tokenOf(await smtp.linkFor(account.email, "http://127.0.0.1/auth/reset?token="));
    expect(await (await fetch(`${server.url}/auth/reset?token=${token}`)).text()).toContain("Save new password");

    const tooShort = await post("/auth/reset", { token, password: "123" });
    expect(tooShort.status).toBe(400);
    expect(await tooShort.text()).toContain("Password must be at least 6 characters.");

    const reset = await post("/auth/reset", { token, password: "second-secret" });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toBe("/");
    const here = new CookieJar();
    here.store(reset);
    expect(await signedIn(here)).toMatchObject({ email: account.email });
    expect(await signedIn(elsewhere)).toBeNull();

    const again = await post("/auth/reset", { token, password: "third-secret" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(resetLinkInvalidText);
    await expect(signInOverHttp(server.url, account.email, account.password)).rejects.toThrow(/401/);
    await signInOverHttp(server.url, account.email, "second-secret");
  });

  it("refuses a link more than an hour old", async () => {
    const account = await reader();
    await post("/auth/forgot", { email: account.email }, undefined, "198.51.100.21");
    const token = tokenOf(await smtp.linkFor(account.email, "http://127.0.0.1/auth/reset?token="));
    const [stored] = await server.services.db.select().from(passwordResets).where(eq(passwordResets.userId, account.id));
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    expect(stored!.tokenHash).not.toContain(token); // only its hash is kept
    await server.services.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, account.id));
    expect(await (await fetch(`${server.url}/auth/reset?token=${token}`)).text()).toContain(resetLinkInvalidText);
    const expired = await post("/auth/reset", { token, password: "second-secret" });
    expect(expired.status).toBe(400);
  });

  it("sends a new confirmation link to an account still waiting for one, answering alike for others", async () => {
    const email = "unconfirmed@example.com";
    await createAccount(server.services.db, { email, password: "waiting-secret", role: "user", verified: false });
    for (const asked of [email, "stranger@example.com"]) {
      const response = await post("/auth/resend", { email: asked }, undefined, "198.51.100.22");
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(resendRequestedText);
    }
    const token = tokenOf(await smtp.linkFor(email, "http://127.0.0.1/auth/verify?token="));
    expect(await (await fetch(`${server.url}/auth/verify?token=${token}`)).text()).toContain("Email confirmed");
    await signInOverHttp(server.url, email, "waiting-secret");
  });
});

describe(`the account page (${testDatabaseKind})`, () => {
  it("sends anonymous visitors to sign in", async () => {
    const response = await fetch(`${server.url}/account`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?redirectTo=%2Faccount");
  });

  it("changes the password with the current one, keeping this device and signing out the others", async () => {
    const account = await reader();
    const [here, there] = [
      await signInOverHttp(server.url, account.email, account.password),
      await signInOverHttp(server.url, account.email, account.password),
    ];
    const wrong = await post("/account", { intent: "password", currentPassword: "not-it", newPassword: "second-secret" }, here);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Your current password is not correct.");
    const changed = await post("/account", { intent: "password", currentPassword: account.password, newPassword: "second-secret" }, here);
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("Your password has been changed. Other devices have been signed out.");
    expect(await signedIn(here)).toMatchObject({ email: account.email });
    expect(await signedIn(there)).toBeNull();
  });

  it("lists the devices signed in and signs out everywhere else", async () => {
    const account = await reader();
    const here = await signInOverHttp(server.url, account.email, account.password);
    const phone = new CookieJar();
    phone.store(
      await fetch(`${server.url}/auth`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: server.url,
          "Content-Type": "application/x-www-form-urlencoded",
          "User-Agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36",
        },
        body: new URLSearchParams({ intent: "sign-in", email: account.email, password: account.password }),
      }),
    );
    const page = await (await fetch(`${server.url}/account`, { headers: { Cookie: here.header() } })).text();
    expect(page).toContain("Chrome on Android");
    expect(page).toContain("This device");
    const answer = await post("/account", { intent: "sign-out-others" }, here);
    expect(await answer.text()).toContain("Every other device has been signed out.");
    expect(await signedIn(phone)).toBeNull();
    expect(await signedIn(here)).not.toBeNull();
  });

  it("changes the email only once the link sent to the new address is opened", async () => {
    const account = await reader();
    const jar = await signInOverHttp(server.url, account.email, account.password);
    const newEmail = `moved${accountNumber}@example.com`;
    const asked = await post("/account", { intent: "email", newEmail, emailPassword: account.password }, jar);
    expect(await asked.text()).toContain("We have sent a link to the new address.");
    await expect(signInOverHttp(server.url, newEmail, account.password)).rejects.toThrow(/401/);
    const token = tokenOf(await smtp.linkFor(newEmail, "http://127.0.0.1/account/email?token="));
    expect(await (await fetch(`${server.url}/account/email?token=${token}`)).text()).toContain("Email changed");
    await signInOverHttp(server.url, newEmail, account.password);
    await expect(signInOverHttp(server.url, account.email, account.password)).rejects.toThrow(/401/);
    expect(await (await fetch(`${server.url}/account/email?token=${token}`)).text()).toContain("This link is not valid");
  });

  it("saves the display name shown on comments, and deletes an account keeping its comments as anonymous", async () => {
    const { db } = server.services;
    const account = await reader();
    const jar = await signInOverHttp(server.url, account.email, account.password);
    const [category] = await db
      .insert(categories)
      .values({ name: "Accounts", slug: `accounts-${accountNumber}` })
      .returning({ id: categories.id });
    const [article] = await db
      .insert(articles)
      .values({
        title: "Commented",
        content: "Body.",
        categoryId: category!.id,
        status: "published",
        slug: `commented-${accountNumber}`,
        publishedAt: new Date(),
      })
      .returning({ id: articles.id });
    const [comment] = await db
      .insert(comments)
      .values({ content: "Thank you for this.", articleId: article!.id, userId: account.id, authorName: "Reader Mulenga", status: "approved" })
      .returning({ id: comments.id });

    expect(await (await post("/account", { intent: "display-name", displayName: "Mrs Mulenga" }, jar)).text()).toContain("Your display name has been saved.");
    expect((await db.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.id, account.id)))[0]!.name).toBe("Mrs Mulenga");
    // A comment keeps the name it was posted under (tests/integration/comments.test.ts).
    expect(await (await fetch(`${server.url}/articles/${article!.id}`)).text()).toContain("Reader Mulenga");

    const wrong = await post("/account", { intent: "delete", deletePassword: "not-it" }, jar);
    expect(wrong.status).toBe(400);
    const deleted = await post("/account", { intent: "delete", deletePassword: account.password }, jar);
    expect(deleted.status).toBe(302);
    expect(await db.select().from(users).where(eq(users.id, account.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([]);
    expect((await db.select().from(comments).where(eq(comments.id, comment!.id)))[0]).toMatchObject({ userId: null, content: "Thank you for this." });
    const articlePage = await (await fetch(`${server.url}/articles/${article!.id}`)).text();
    expect(articlePage).toContain("Anonymous reader");
    expect(articlePage).not.toContain("Reader Mulenga");
  });

  it("never deletes the site owner's account", async () => {
    const owner = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
    expect(await (await fetch(`${server.url}/account`, { headers: { Cookie: owner.header() } })).text()).toContain(
      "The site owner&#x27;s account cannot be deleted.",
    );
    const refused = await post("/account", { intent: "delete", deletePassword: "owner-secret" }, owner);
    expect(refused.status).toBe(400);
    expect(await signedIn(owner)).toMatchObject({ email: "owner@example.com" });
  });
});

describe(`maintenance (${testDatabaseKind})`, () => {
  it("prunes expired sessions, confirmation, reset and email-change links, and keeps live ones", async () => {
    const { db } = server.services;
    const account = await reader();
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 60 * 60_000);
    for (const [suffix, expiresAt] of [
      ["old", past],
      ["new", future],
    ] as const) {
      await db.insert(sessions).values({ tokenHash: `session-${suffix}-${account.id}`, userId: account.id, expiresAt });
      await db.insert(emailVerifications).values({ tokenHash: `verify-${suffix}-${account.id}`, userId: account.id, expiresAt });
      await db.insert(passwordResets).values({ tokenHash: `reset-${suffix}-${account.id}`, userId: account.id, expiresAt });
      await db.insert(emailChanges).values({ tokenHash: `change-${suffix}-${account.id}`, userId: account.id, newEmail: `${suffix}@example.com`, expiresAt });
    }
    await pruneExpiredAccountRows(db);
    for (const table of [sessions, emailVerifications, passwordResets, emailChanges]) {
      const left = (await db.select({ tokenHash: table.tokenHash }).from(table).where(eq(table.userId, account.id))).map((row) => row.tokenHash);
      expect(left.some((hash) => hash.includes("-old-"))).toBe(false);
      expect(left.some((hash) => hash.includes("-new-"))).toBe(true);
    }
  });
});
