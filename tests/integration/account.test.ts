import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, emailChanges, emailVerifications, passwordResets, profiles, sessions, users } from "#database/schema";
import { ownerUserId } from "#app/server/auth/owner.server";
import { createAccount } from "#app/server/auth/auth.server";
import { pruneExpiredAccountRows } from "#app/server/auth/account.server";
import { passwordNeededText, resetLinkInvalidText, resetRequestedText, resendRequestedText } from "#app/lib/account-texts";
import { commonPasswordMessage } from "#app/lib/auth-schema";
import { testDatabaseKind } from "#tests/helpers/database";
import { CookieJar, signInOverHttp, startTestServer, type TestServer } from "#tests/helpers/server";
import { startSmtpSink, type SmtpSink } from "#tests/helpers/smtp";
import { aComment, anArticle } from "#tests/factories";
import { pageWhen } from "#tests/helpers/pages";

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

/** A link from a mail opened in the browser whose cookies are in `jar`: the page's text. */
const openedBy = async (jar: CookieJar, link: string) =>
  (await fetch(`${server.url}${new URL(link).pathname}${new URL(link).search}`, { headers: { Cookie: jar.header() } })).text();

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
    const common = await post("/auth/reset", { token, password: "123456" });
    expect(common.status).toBe(400);
    expect(await common.text()).toContain(commonPasswordMessage);

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

  it("changes the email only once the link sent to the new address is opened, signed in to the account", async () => {
    const account = await reader();
    const jar = await signInOverHttp(server.url, account.email, account.password);
    const newEmail = `moved${accountNumber}@example.com`;
    const wrong = await post("/account", { intent: "email", newEmail, emailPassword: "not-it" }, jar);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Your current password is not correct.");
    const asked = await post("/account", { intent: "email", newEmail, emailPassword: account.password }, jar);
    expect(await asked.text()).toContain("We have sent a link to the new address.");
    await expect(signInOverHttp(server.url, newEmail, account.password)).rejects.toThrow(/401/);
    const link = await smtp.linkFor(newEmail, "http://127.0.0.1/account/email?token=");
    const token = tokenOf(link);
    // The old address is told, with a way to undo.
    await smtp.linkFor(account.email, "http://127.0.0.1/account/email/undo?token=");

    // Opened without signing in: sign in first, then back here.
    const anonymous = await fetch(`${server.url}/account/email?token=${token}`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent(`/account/email?token=${token}`)}`);
    // Opened signed in to another account: nothing changes.
    const other = await reader();
    expect(await openedBy(await signInOverHttp(server.url, other.email, other.password), link)).toContain("Sign in to the account that asked");
    await expect(signInOverHttp(server.url, newEmail, account.password)).rejects.toThrow(/401/);

    expect(await openedBy(jar, link)).toContain("Email changed");
    await signInOverHttp(server.url, newEmail, account.password);
    await expect(signInOverHttp(server.url, account.email, account.password)).rejects.toThrow(/401/);
    expect(await openedBy(jar, link)).toContain("This link is not valid");
  });

  it("saves the display name shown on comments, and deletes an account keeping its comments as anonymous", async () => {
    const { db } = server.services;
    const account = await reader();
    const jar = await signInOverHttp(server.url, account.email, account.password);
    const article = await anArticle(db);
    const comment = await aComment(db, {
      content: "Thank you for this.",
      articleId: article.id,
      userId: account.id,
      authorName: "Reader Mulenga",
      status: "approved",
    });

    expect(await (await post("/account", { intent: "display-name", displayName: "Mrs Mulenga" }, jar)).text()).toContain("Your display name has been saved.");
    expect((await db.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.id, account.id)))[0]!.name).toBe("Mrs Mulenga");
    // A comment keeps the name it was posted under (tests/integration/comments.test.ts).
    expect(await (await fetch(`${server.url}/articles/${article.id}`)).text()).toContain("Reader Mulenga");

    const wrong = await post("/account", { intent: "delete", deletePassword: "not-it" }, jar);
    expect(wrong.status).toBe(400);
    const deleted = await post("/account", { intent: "delete", deletePassword: account.password }, jar);
    expect(deleted.status).toBe(302);
    expect(await db.select().from(users).where(eq(users.id, account.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([]);
    expect((await db.select().from(comments).where(eq(comments.id, comment.id)))[0]).toMatchObject({ userId: null, content: "Thank you for this." });
    // The cached page drops when the change event arrives (on PostgreSQL, a NOTIFY a moment later).
    const articlePage = await pageWhen(`${server.url}/articles/${article.id}`, (page) => page.html.includes("Anonymous reader"), "the page without the name");
    expect(articlePage.html).not.toContain("Reader Mulenga");
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

/** The first link starting with `prefix` in a mail to `to` that arrived after the inbox held `seen` mails (mails leave through a queue). */
async function linkAfter(seen: number, to: string, prefix: string) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = smtp.inbox.slice(seen).find((message) => message.to.includes(to) && message.body.includes(prefix));
    if (mail) return prefix + mail.body.split(prefix)[1]!.split(/\s/)[0]!;
    if (Date.now() > deadline) throw new Error(`No new mail to ${to} with a link starting ${prefix}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Asks, from `jar`'s session, to move the account to `newEmail`: the links mailed to the new and the old address. */
async function askEmailChange(jar: CookieJar, account: { email: string; password: string }, newEmail: string) {
  const seen = smtp.inbox.length;
  const asked = await post("/account", { intent: "email", newEmail, emailPassword: account.password }, jar);
  expect(asked.status).toBe(200);
  return {
    confirm: await linkAfter(seen, newEmail, "http://127.0.0.1/account/email?token="),
    undo: await linkAfter(seen, account.email, "http://127.0.0.1/account/email/undo?token="),
  };
}

/** "Forgot password?" for `email`: the reset link it mails. */
async function askReset(email: string, ip: string) {
  const seen = smtp.inbox.length;
  await post("/auth/forgot", { email }, undefined, ip);
  return tokenOf(await linkAfter(seen, email, "http://127.0.0.1/auth/reset?token="));
}

async function resetOverHttp(email: string, password: string, ip: string) {
  const token = await askReset(email, ip);
  const reset = await post("/auth/reset", { token, password });
  expect(reset.status).toBe(302);
  const jar = new CookieJar();
  jar.store(reset);
  return { jar, token };
}

const emailOf = async (id: string) => (await server.services.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;

describe(`account takeover through an email change (${testDatabaseKind})`, () => {
  it("the victim's password reset kills the attacker's pending change, and the victim keeps signing in", async () => {
    const victim = await reader();
    const attacker = await signInOverHttp(server.url, victim.email, victim.password); // once knew the password
    const { confirm } = await askEmailChange(attacker, victim, "attacker1@example.com");

    const { jar: victimJar } = await resetOverHttp(victim.email, "victims-new-secret", "198.51.100.30");
    // The attacker's session ended with the reset; the link is dead for any session, the victim's included.
    expect(await signedIn(attacker)).toBeNull();
    expect(await openedBy(victimJar, confirm)).toContain("This link is not valid");
    expect(await emailOf(victim.id)).toBe(victim.email);
    // "Forgot password?" on the attacker's address finds no account; the victim signs in as always.
    await post("/auth/forgot", { email: "attacker1@example.com" }, undefined, "198.51.100.31");
    await signInOverHttp(server.url, victim.email, "victims-new-secret");
    await expect(smtp.linkFor("attacker1@example.com", "http://127.0.0.1/auth/reset?token=", 500)).rejects.toThrow(/No mail/);
  });

  it("a password change and 'Sign out everywhere else' kill a pending change too", async () => {
    for (const defence of ["password", "sign-out-others"] as const) {
      const victim = await reader();
      const attacker = await signInOverHttp(server.url, victim.email, victim.password);
      const victimJar = await signInOverHttp(server.url, victim.email, victim.password);
      const { confirm } = await askEmailChange(attacker, victim, `attacker-${defence}@example.com`);
      expect(await (await fetch(`${server.url}/account`, { headers: { Cookie: victimJar.header() } })).text()).toContain(`attacker-${defence}@example.com`);
      const fields: Record<string, string> =
        defence === "password" ? { intent: "password", currentPassword: victim.password, newPassword: "victims-new-secret" } : { intent: defence };
      expect((await post("/account", fields, victimJar)).status).toBe(200);
      expect(await signedIn(attacker)).toBeNull();
      expect(await openedBy(victimJar, confirm)).toContain("This link is not valid");
      expect(await emailOf(victim.id)).toBe(victim.email);
      expect(await (await fetch(`${server.url}/account`, { headers: { Cookie: victimJar.header() } })).text()).not.toContain(`attacker-${defence}@example.com`);
    }
  });

  it("the old address's undo link gives the account back after the change was made, and signs the attacker out", async () => {
    const victim = await reader();
    const attacker = await signInOverHttp(server.url, victim.email, victim.password);
    const { confirm, undo } = await askEmailChange(attacker, victim, "attacker2@example.com");
    expect(await openedBy(attacker, confirm)).toContain("Email changed");
    // The attacker takes it further: a new password, and a reset link to their address in hand.
    expect((await post("/account", { intent: "password", currentPassword: victim.password, newPassword: "attackers-secret" }, attacker)).status).toBe(200);
    const attackersReset = await askReset("attacker2@example.com", "198.51.100.32");

    // Opening the link changes nothing by itself (mail scanners open links); the button does.
    const page = await (await fetch(`${server.url}${new URL(undo).pathname}${new URL(undo).search}`)).text();
    expect(page).toContain("attacker2@example.com");
    expect(await emailOf(victim.id)).toBe("attacker2@example.com");
    const undone = await post("/account/email/undo", { token: tokenOf(undo) });
    expect(undone.status).toBe(302);
    const resetPath = undone.headers.get("location")!;
    expect(resetPath).toMatch(/^\/auth\/reset\?token=/);

    expect(await emailOf(victim.id)).toBe(victim.email);
    expect(await signedIn(attacker)).toBeNull();
    expect((await post("/auth/reset", { token: attackersReset, password: "attackers-other-secret" })).status).toBe(400);
    await expect(signInOverHttp(server.url, "attacker2@example.com", "attackers-secret")).rejects.toThrow(/401/);
    // The victim chooses a new password through the link the undo led to, and signs in with the old address.
    const chosen = await post("/auth/reset", { token: new URL(resetPath, server.url).searchParams.get("token")!, password: "victims-own-again" });
    expect(chosen.status).toBe(302);
    await signInOverHttp(server.url, victim.email, "victims-own-again");
    // The undo link worked once.
    expect((await post("/account/email/undo", { token: tokenOf(undo) })).status).toBe(400);
  });

  it("a later change's undo link cannot take back what the first address undid", async () => {
    const victim = await reader();
    const attacker = await signInOverHttp(server.url, victim.email, victim.password);
    const first = await askEmailChange(attacker, victim, "attacker3@example.com");
    expect(await openedBy(attacker, first.confirm)).toContain("Email changed");
    const second = await askEmailChange(attacker, { email: "attacker3@example.com", password: victim.password }, "attacker4@example.com");
    expect(await openedBy(attacker, second.confirm)).toContain("Email changed");
    // The attacker undoes their own second change first: the victim's first undo link still works.
    expect((await post("/account/email/undo", { token: tokenOf(second.undo) })).status).toBe(302);
    expect(await emailOf(victim.id)).toBe("attacker3@example.com");
    expect((await post("/account/email/undo", { token: tokenOf(first.undo) })).status).toBe(302);
    expect(await emailOf(victim.id)).toBe(victim.email);
  });

  it("reset links made before a password change or an email change no longer work", async () => {
    const account = await reader();
    const jar = await signInOverHttp(server.url, account.email, account.password);
    const beforePasswordChange = await askReset(account.email, "198.51.100.33");
    expect((await post("/account", { intent: "password", currentPassword: account.password, newPassword: "changed-secret" }, jar)).status).toBe(200);
    expect((await post("/auth/reset", { token: beforePasswordChange, password: "another-secret" })).status).toBe(400);

    const beforeEmailChange = await askReset(account.email, "198.51.100.34");
    const { confirm } = await askEmailChange(jar, { email: account.email, password: "changed-secret" }, `moved-again${accountNumber}@example.com`);
    expect(await openedBy(jar, confirm)).toContain("Email changed");
    expect((await post("/auth/reset", { token: beforeEmailChange, password: "another-secret" })).status).toBe(400);
  });

  it("shows a pending change on /account and cancels it", async () => {
    const account = await reader();
    const jar = await signInOverHttp(server.url, account.email, account.password);
    const { confirm } = await askEmailChange(jar, account, `pending${accountNumber}@example.com`);
    const page = await (await fetch(`${server.url}/account`, { headers: { Cookie: jar.header() } })).text();
    expect(page).toContain(`pending${accountNumber}@example.com`);
    expect(page).toContain("Cancel email change");
    const cancelled = await post("/account", { intent: "cancel-email" }, jar);
    expect(await cancelled.text()).toContain("The email change has been cancelled.");
    expect(await (await fetch(`${server.url}/account`, { headers: { Cookie: jar.header() } })).text()).not.toContain("Cancel email change");
    expect(await openedBy(jar, confirm)).toContain("This link is not valid");
  });

  it("mails a notice when the password changes", async () => {
    const account = await reader();
    const jar = await signInOverHttp(server.url, account.email, account.password);
    const seen = smtp.inbox.length;
    await post("/account", { intent: "password", currentPassword: account.password, newPassword: "noticed-secret" }, jar);
    // It points to "Forgot password?", in case it was not them.
    await linkAfter(seen, account.email, "http://127.0.0.1/auth/forgot");
    const notice = smtp.inbox.slice(seen).find((mail) => mail.to.includes(account.email))!;
    expect(notice.body).toContain("Subject: Your password at The Educator was changed");
  });
});

describe(`role changes (${testDatabaseKind})`, () => {
  it("ask the admin's password again once it is 10 minutes old, keeping what was typed", async () => {
    const { db } = server.services;
    const owner = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
    const account = await reader();
    const save = (fields: Record<string, string>) => post("/admin/users", { id: account.id, displayName: "Promoted Reader", bio: "", ...fields }, owner);
    const roleOfAccount = async () => (await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, account.id)))[0]!.role;
    await db
      .update(sessions)
      .set({ passwordConfirmedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.userId, (await ownerUserId(db))!));

    // A name alone needs no password.
    expect((await save({ role: "user" })).status).toBe(200);
    const asked = await save({ role: "admin" });
    expect(asked.status).toBe(403);
    expect(await asked.text()).toContain(passwordNeededText);
    expect(await roleOfAccount()).toBe("user");
    const wrong = await save({ role: "admin", password: "not-it" });
    expect(wrong.status).toBe(400);
    expect(await roleOfAccount()).toBe("user");
    expect((await save({ role: "admin", password: "owner-secret" })).status).toBe(200);
    expect(await roleOfAccount()).toBe("admin");
    // Typed just now: the next role change within 10 minutes needs none.
    expect((await save({ role: "user" })).status).toBe(200);
    expect(await roleOfAccount()).toBe("user");
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
    }
    // An email change lives as long as its undo link: a pending change past its own link keeps it.
    await db.insert(emailChanges).values([
      { userId: account.id, oldEmail: account.email, newEmail: "old@example.com", expiresAt: past, undoExpiresAt: past },
      { userId: account.id, oldEmail: account.email, newEmail: "new@example.com", expiresAt: past, undoExpiresAt: future },
    ]);
    await pruneExpiredAccountRows(db);
    for (const table of [sessions, emailVerifications, passwordResets]) {
      const left = (await db.select({ tokenHash: table.tokenHash }).from(table).where(eq(table.userId, account.id))).map((row) => row.tokenHash);
      expect(left.some((hash) => hash.includes("-old-"))).toBe(false);
      expect(left.some((hash) => hash.includes("-new-"))).toBe(true);
    }
    const changes = await db.select({ newEmail: emailChanges.newEmail }).from(emailChanges).where(eq(emailChanges.userId, account.id));
    expect(changes).toEqual([{ newEmail: "new@example.com" }]);
  });
});
