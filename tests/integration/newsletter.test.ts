import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { eq, inArray } from "drizzle-orm";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterDeliveries, newsletterSends, newsletterSubscribers } from "#database/schema";
import { openPostgresDatabase } from "#app/server/db/database.server";
import type { AppDb } from "#app/server/db/types.server";
import { createMailer, type Mailer } from "#app/server/core/mail.server";
import { createAccount } from "#app/server/auth/auth.server";
import { createDigestSend, prunePendingSubscribers, readDigestSchedule, runScheduledDigest } from "#app/server/newsletter/newsletter.server";
import { deliverNext, interruptedError, settleAbandoned, startDeliveryWorker, type DeliveryOptions } from "#app/server/newsletter/newsletter-delivery.server";
import { digestPeriod, digestSlots } from "#app/lib/newsletter-schedule";
import { localDateTimeValue } from "#app/lib/zoned-time";
import { confirmedText, confirmLinkInvalidText, subscribeRequestedText, unsubscribedText } from "#app/lib/newsletter-texts";
import { createPostgresDatabase, dropPostgresDatabase, temporaryFolder, testDatabaseKind } from "#tests/helpers/database";
import { startServerProcess, stopProcess, type RunningProcess } from "#tests/helpers/processes";
import { CookieJar, signInOverHttp, startTestServer, type TestServer } from "#tests/helpers/server";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "#tests/helpers/smtp";
import { aCategory, anArticle, aSubscriber } from "#tests/factories";

const publicUrl = "http://127.0.0.1";
const silent = pino({ level: "silent" });
let server: TestServer;
let smtp: SmtpSink;
let owner: CookieJar;
let addressNumber = 0;
const weekTitles: string[] = [];
const oldTitle = "An article from last month";

beforeAll(async () => {
  smtp = await startSmtpSink();
  // The test drives the workers itself (NEWSLETTER_WORKER=false): the server only queues.
  server = await startTestServer({
    SMTP_URL: smtp.url,
    OWNER_EMAIL: "owner@example.com",
    OWNER_PASSWORD: "owner-secret",
    TRUST_PROXY: "1",
    NEWSLETTER_WORKER: "false",
  });
  owner = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
  const { db } = server.services;
  const { id: categoryId } = await aCategory(db, { name: "Teaching" });
  const day = 24 * 60 * 60_000;
  for (const [index, title] of ["Phonics that sticks", "Fractions with bottle tops"].entries()) {
    weekTitles.push(title);
    await anArticle(db, { title, excerpt: `Excerpt of ${title}.`, categoryId, publishedAt: new Date(Date.now() - (index + 1) * day) });
  }
  await anArticle(db, { title: oldTitle, categoryId, publishedAt: new Date(Date.now() - 30 * day) });
  await anArticle(db, { title: "A draft nobody sees", categoryId, status: "draft" });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const nextAddress = (name: string) => `${name}${++addressNumber}@example.com`;
const nextIp = () => `198.51.100.${(addressNumber % 200) + 1}`;

function post(path: string, fields: Record<string, string>, options: { jar?: CookieJar; ip?: string; origin?: boolean } = {}) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      ...(options.origin === false ? {} : { Origin: server.url }),
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": options.ip ?? nextIp(),
      ...(options.jar ? { Cookie: options.jar.header() } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

/** The path and query of a link a mail gave (its host is PUBLIC_URL's), on the test server. */
const onServer = (link: string) => `${server.url}${link.slice(publicUrl.length)}`;

async function subscribeAndConfirm(email: string) {
  expect((await post("/newsletter", { email })).status).toBe(200);
  const link = await smtp.linkFor(email, `${publicUrl}/newsletter/confirm?token=`);
  expect(await (await fetch(onServer(link))).text()).toContain(confirmedText);
}

/** Confirmed subscribers written straight to the table (the subscribe flow has its own tests). */
async function confirmedSubscribers(db: AppDb, count: number, name: string): Promise<string[]> {
  const emails = Array.from({ length: count }, () => nextAddress(name));
  for (const email of emails) await aSubscriber(db, { email });
  return emails;
}

function workerOptions(overrides: Partial<DeliveryOptions> = {}): DeliveryOptions {
  return {
    db: server.services.db,
    mailer: server.services.mailer,
    log: silent,
    secret: server.services.sessionSecret,
    publicUrl,
    ratePerSecond: 1000,
    maxAttempts: 3,
    retrySeconds: 0.05,
    leaseSeconds: 300,
    ...overrides,
  };
}

/** Runs deliverNext until nothing is due, waiting out retries while any mail of the queue is still queued. */
async function drain(options: DeliveryOptions) {
  for (let rounds = 0; rounds < 500; rounds++) {
    const outcome = await deliverNext(options);
    if (outcome !== "idle") continue;
    await settleAbandoned(options.db, options.leaseSeconds); // as the worker does between mails
    const [queued] = await options.db
      .select({ id: newsletterDeliveries.id })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.status, "queued"))
      .limit(1);
    if (!queued) return;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  throw new Error("the queue did not drain");
}

/** Digest mails (they alone carry List-Unsubscribe-Post) received for `email`. */
const digestsTo = (email: string) => smtp.inbox.filter((mail) => mail.to.includes(email) && mail.body.includes("List-Unsubscribe-Post"));

/** A header of a received mail, unfolded (long ones come over several lines, RFC 5322). */
function header(mail: ReceivedMail, name: string) {
  const headers = mail.body.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}: (.*)$`, "mi").exec(headers)?.[1]?.trim();
}

async function deliveriesOf(sendId: string) {
  return server.services.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.sendId, sendId));
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe(`subscribing (${testDatabaseKind})`, () => {
  it("asks to confirm by email, and confirms once with the link", async () => {
    const email = nextAddress("reader");
    const response = await post("/newsletter", { email: email.toUpperCase() });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(subscribeRequestedText);
    const link = await smtp.linkFor(email, `${publicUrl}/newsletter/confirm?token=`);
    const [pending] = await server.services.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(pending).toMatchObject({ status: "pending", confirmedAt: null });
    expect(pending!.confirmTokenHash).not.toContain(new URL(link).searchParams.get("token")); // only its hash is kept
    expect(pending!.confirmExpiresAt!.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 60 * 60_000);

    const confirmed = await (await fetch(onServer(link))).text();
    expect(confirmed).toContain("Subscription confirmed");
    expect(confirmed).toContain(confirmedText);
    const again = await (await fetch(onServer(link))).text();
    expect(again).toContain(confirmLinkInvalidText);
    const [row] = await server.services.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(row).toMatchObject({ status: "confirmed", confirmTokenHash: null });
    expect(row!.confirmedAt).toBeInstanceOf(Date);
  });

  it("answers the same for a subscribed email and a new one, mailing only the new one", async () => {
    const known = nextAddress("known");
    await subscribeAndConfirm(known);
    const stranger = nextAddress("stranger");
    const bodies = new Set<string>();
    for (const email of [known, stranger]) {
      const response = await post("/newsletter", { email });
      expect(response.status).toBe(200);
      bodies.add(
        (await response.text())
          .replaceAll(email, "EMAIL")
          .replace(/nonce="[^"]*"/g, "")
          .replace(/"nonce":"[^"]*"/g, ""),
      );
    }
    expect(bodies.size).toBe(1);
    await smtp.linkFor(stranger, `${publicUrl}/newsletter/confirm?token=`);
    expect(smtp.inbox.filter((mail) => mail.to.includes(known))).toHaveLength(1); // the first confirmation only
  });

  it("refuses an address that is not one, and more than 3 requests an hour for one email", async () => {
    const bad = await post("/newsletter", { email: "not-an-email" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter a valid email address.");
    const email = nextAddress("eager");
    for (let attempt = 0; attempt < 3; attempt++) expect((await post("/newsletter", { email }, { ip: `203.0.113.${attempt + 1}` })).status).toBe(200);
    const limited = await post("/newsletter", { email }, { ip: "203.0.113.50" });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Too many attempts");
  });

  it("forgets subscriptions never confirmed before the link expired", async () => {
    const { db } = server.services;
    const stale = await aSubscriber(db, { status: "pending", confirmExpiresAt: new Date(Date.now() - 1000) });
    const fresh = await aSubscriber(db, { status: "pending", confirmExpiresAt: new Date(Date.now() + 60_000) });
    await prunePendingSubscribers(db);
    const left = await db
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(inArray(newsletterSubscribers.id, [stale.id, fresh.id]));
    expect(left.map((row) => row.id)).toEqual([fresh.id]);
  });
});

describe(`the digest (${testDatabaseKind})`, () => {
  it("mails the week's articles once to each confirmed subscriber, with one-click unsubscribe headers", async () => {
    const readers = [nextAddress("digest"), nextAddress("digest")];
    for (const email of readers) await subscribeAndConfirm(email);
    const waiting = nextAddress("waiting");
    await post("/newsletter", { email: waiting });
    await smtp.linkFor(waiting, `${publicUrl}/newsletter/confirm?token=`);

    const screen = await (await fetch(`${server.url}/admin/newsletter`, { headers: { Cookie: owner.header() } })).text();
    expect(screen).toContain("Digest preview");
    expect(screen).toContain(weekTitles[0]);

    const sent = await post("/admin/newsletter", { intent: "send" }, { jar: owner });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Digest queued");
    const [send] = await server.services.db.select().from(newsletterSends).orderBy(newsletterSends.createdAt).limit(1);
    expect(send!.subject).toBe(`The Educator — this week: ${weekTitles[0]} and 1 more`);

    await drain(workerOptions());
    for (const email of readers) {
      const mails = digestsTo(email);
      expect(mails, email).toHaveLength(1);
      const mail = mails[0]!;
      for (const title of weekTitles) expect(mail.body).toContain(title);
      expect(mail.body).toContain("Excerpt of Phonics that sticks.");
      expect(mail.body).toContain("Teaching");
      expect(mail.body).not.toContain(oldTitle);
      expect(mail.body).not.toContain("A draft nobody sees");
      expect(mail.body).toMatch(/Content-Type: text\/plain/);
      expect(mail.body).toMatch(/Content-Type: text\/html/);
      expect(header(mail, "List-Unsubscribe")).toMatch(new RegExp(`^<${publicUrl}/newsletter/unsubscribe\\?token=[0-9a-f-]{36}\\.[\\w-]+>$`));
      expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      expect(mail.body).toContain(`${publicUrl}/articles/`);
    }
    expect(digestsTo(waiting)).toHaveLength(0);

    // A second run, and a worker started anew (a restart), find nothing left to send.
    await drain(workerOptions());
    const restarted = startDeliveryWorker(workerOptions({ idleMs: 50 }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await restarted.stop();
    for (const email of readers) expect(digestsTo(email)).toHaveLength(1);
    const rows = await deliveriesOf(send!.id);
    expect(rows.map((row) => row.email)).toEqual(expect.arrayContaining(readers));
    expect(rows.map((row) => row.email)).not.toContain(waiting);
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("survives a crash mid-send: the rest are sent once, the mail in hand never twice", async () => {
    const { db } = server.services;
    const emails = await confirmedSubscribers(db, 10, "crash");
    const created = await createDigestSend(db, { period: digestPeriod(new Date()), publicUrl });
    if (created.outcome !== "queued") throw new Error(created.outcome);
    const before = smtp.inbox.length;
    // The first process sends 3 mails, then dies while the SMTP server is taking the 4th.
    const crashed = workerOptions();
    for (let sent = 0; sent < 3; sent++) expect(await deliverNext(crashed)).toBe("sent");
    expect(smtp.inbox.length - before).toBe(3);
    const hanging: Mailer = { delivers: true, outbox: null, send: () => new Promise<void>(() => {}) };
    void deliverNext(workerOptions({ mailer: hanging }));
    await waitFor(async () => (await deliveriesOf(created.sendId)).some((row) => row.status === "sending"));

    // A new process: sends the remaining 6, leaves the one in hand alone while its lease runs.
    const restarted = workerOptions();
    await drain(restarted);
    let rows = await deliveriesOf(created.sendId);
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(rows.length - 1);
    const inHand = rows.find((row) => row.status === "sending")!;
    expect(inHand).toBeDefined();
    // Past its lease it is counted failed, and never mailed again.
    expect(await settleAbandoned(db, 0)).toBe(1);
    await drain(restarted);
    rows = await deliveriesOf(created.sendId);
    expect(rows.find((row) => row.id === inHand.id)).toMatchObject({ status: "failed", lastError: interruptedError });
    const received = smtp.inbox.slice(before).flatMap((mail) => mail.to);
    expect(new Set(received).size).toBe(received.length); // nobody twice
    expect(rows.map((row) => row.email)).toEqual(expect.arrayContaining(emails));
    expect(received.sort()).toEqual(
      rows
        .filter((row) => row.id !== inHand.id)
        .map((row) => row.email)
        .sort(),
    );
  });

  it("resumes after a stop with the rest of the queue, nobody mailed twice", async () => {
    const { db } = server.services;
    const emails = await confirmedSubscribers(db, 12, "restart");
    const created = await createDigestSend(db, { period: digestPeriod(new Date()), publicUrl });
    if (created.outcome !== "queued") throw new Error(created.outcome);
    const before = smtp.inbox.length;
    const first = startDeliveryWorker(workerOptions({ ratePerSecond: 40, idleMs: 50 }));
    await waitFor(() => smtp.inbox.length - before >= 4);
    await first.stop(); // SIGTERM: the mail in hand is finished and marked
    const afterStop = smtp.inbox.length - before;
    expect(afterStop).toBeLessThan(created.recipients);
    const second = startDeliveryWorker(workerOptions({ idleMs: 50 }));
    await waitFor(async () => (await deliveriesOf(created.sendId)).every((row) => row.status === "sent"));
    await second.stop();
    const received = smtp.inbox.slice(before).flatMap((mail) => mail.to);
    const queued = (await deliveriesOf(created.sendId)).map((row) => row.email);
    expect(queued).toEqual(expect.arrayContaining(emails));
    expect(received.sort()).toEqual(queued.sort());
  });

  it("delivers each mail once when two instances' workers race for the queue", async () => {
    const { db } = server.services;
    const emails = await confirmedSubscribers(db, 30, "race");
    const created = await createDigestSend(db, { period: digestPeriod(new Date()), publicUrl });
    if (created.outcome !== "queued") throw new Error(created.outcome);
    const before = smtp.inbox.length;
    // On PostgreSQL the second instance has its own connections; the embedded engine has one.
    const second = server.testDatabase.url ? await openPostgresDatabase(server.testDatabase.url, { max: 4 }) : null;
    try {
      const workers = [startDeliveryWorker(workerOptions({ idleMs: 50 })), startDeliveryWorker(workerOptions({ db: second?.db ?? db, idleMs: 50 }))];
      await waitFor(async () => (await deliveriesOf(created.sendId)).every((row) => row.status === "sent"));
      await Promise.all(workers.map((worker) => worker.stop()));
    } finally {
      await second?.close();
    }
    const received = smtp.inbox.slice(before).flatMap((mail) => mail.to);
    const queued = (await deliveriesOf(created.sendId)).map((row) => row.email);
    expect(queued).toEqual(expect.arrayContaining(emails));
    expect(received.sort()).toEqual(queued.sort());
  });

  it("retries a temporary SMTP failure with backoff, and counts mails failed after the last try", async () => {
    // An SMTP server that answers 451 ("try later") or 550 per recipient.
    const tries = new Map<string, number>();
    const accepted: string[] = [];
    const flaky = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      onRcptTo(address, _session, callback) {
        const count = (tries.get(address.address) ?? 0) + 1;
        tries.set(address.address, count);
        const fail = (code: number, message: string) => callback(Object.assign(new Error(message), { responseCode: code }));
        if (address.address.startsWith("later") && count === 1) return fail(451, "Greylisted, try again later");
        if (address.address.startsWith("busy")) return fail(451, "Mailbox busy, try again later");
        if (address.address.startsWith("gone")) return fail(550, "No such user");
        callback();
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on("end", () => {
          accepted.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => flaky.listen(0, "127.0.0.1", resolve));
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${(flaky.server.address() as AddressInfo).port}`,
        from: "The Educator <no-reply@localhost>",
        log: silent,
        outboxDir: temporaryFolder(), // SMTP here: nothing is written to it
      });
      const { db } = server.services;
      const [later, busy, gone] = [nextAddress("later"), nextAddress("busy"), nextAddress("gone")];
      const subscribed = [await aSubscriber(db, { email: later }), await aSubscriber(db, { email: busy }), await aSubscriber(db, { email: gone })];
      const send = await createDigestSend(db, { period: digestPeriod(new Date()), publicUrl });
      if (send.outcome !== "queued") throw new Error(send.outcome);
      // Only these three are tried here (the others of this issue go through the sink).
      await db.update(newsletterDeliveries).set({ status: "cancelled" }).where(eq(newsletterDeliveries.sendId, send.sendId));
      await db
        .update(newsletterDeliveries)
        .set({ status: "queued" })
        .where(
          inArray(
            newsletterDeliveries.subscriberId,
            subscribed.map((row) => row.id),
          ),
        );
      const started = Date.now();
      await drain(workerOptions({ mailer, maxAttempts: 3, retrySeconds: 0.2 }));
      // busy@ waited 0.2 s then 0.4 s between its tries.
      expect(Date.now() - started).toBeGreaterThanOrEqual(550);
      const rows = new Map((await deliveriesOf(send.sendId)).map((row) => [row.email, row]));
      expect(rows.get(later)).toMatchObject({ status: "sent", attempts: 2 });
      expect(rows.get(busy)).toMatchObject({ status: "failed", attempts: 3 });
      expect(rows.get(busy)!.lastError).toContain("451");
      expect(rows.get(gone)).toMatchObject({ status: "failed", attempts: 1 });
      expect(rows.get(gone)!.lastError).toContain("550");
      expect(accepted).toEqual([later]);

      const screen = await (await fetch(`${server.url}/admin/newsletter`, { headers: { Cookie: owner.header() } })).text();
      expect(screen).toContain(busy);
      expect(screen).toContain("Mailbox busy, try again later");
      expect(screen).toContain("No such user");
    } finally {
      await new Promise<void>((resolve) => flaky.close(() => resolve()));
    }
  });
});

describe(`unsubscribing (${testDatabaseKind})`, () => {
  it("asks on GET, unsubscribes by a one-click POST without a session, and sends no more digests", async () => {
    const { db } = server.services;
    const email = nextAddress("leaving");
    await subscribeAndConfirm(email);
    const first = await createDigestSend(db, { period: digestPeriod(new Date()), publicUrl });
    if (first.outcome !== "queued") throw new Error(first.outcome);
    await drain(workerOptions());
    const mail = digestsTo(email)[0]!;
    const link = header(mail, "List-Unsubscribe")!.slice(1, -1);
    const status = async () =>
      (await db.select({ status: newsletterSubscribers.status }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]!.status;

    // A mail scanner following the link changes nothing.
    const page = await fetch(onServer(link));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Unsubscribe from the weekly digest?");
    expect(await status()).toBe("confirmed");

    // RFC 8058: the mail program POSTs List-Unsubscribe=One-Click, with no cookie and no Origin.
    const subscriberId = new URL(link).searchParams.get("token")!.split(".")[0];
    const forged = await post(`/newsletter/unsubscribe?token=${subscriberId}.${"A".repeat(43)}`, { "List-Unsubscribe": "One-Click" }, { origin: false });
    expect(forged.status).toBe(400);
    expect(await status()).toBe("confirmed");
    const oneClick = await post(link.slice(publicUrl.length), { "List-Unsubscribe": "One-Click" }, { origin: false });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain(unsubscribedText);
    expect(await status()).toBe("unsubscribed");
    expect(await (await fetch(onServer(link))).text()).toContain(unsubscribedText);

    const second = await createDigestSend(db, { period: digestPeriod(new Date()), publicUrl });
    if (second.outcome !== "queued") throw new Error(second.outcome);
    await drain(workerOptions());
    expect(digestsTo(email)).toHaveLength(1);
    expect((await deliveriesOf(second.sendId)).some((row) => row.email === email)).toBe(false);
  });
});

describe(`the weekly schedule (${testDatabaseKind})`, () => {
  it("creates one issue per slot however many instances check, and skips a week with no articles", async () => {
    const { db, config } = server.services;
    // Tomorrow's weekday: the next slot is a day or two away, so its week holds the articles published 1 and 2 days ago.
    const today = localDateTimeValue(new Date(), config.SITE_TIMEZONE).slice(0, 10);
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 1) % 7;
    const saved = await post("/admin/newsletter", { intent: "schedule", enabled: "on", weekday: String(weekday), time: "07:30" }, { jar: owner });
    expect(saved.status).toBe(200);
    const schedule = (await readDigestSchedule(db))!;
    expect(schedule).toMatchObject({ weekday, time: "07:30" });
    // Nothing before the schedule was set is caught up.
    expect(await runScheduledDigest(db, silent, { publicUrl, timeZone: config.SITE_TIMEZONE })).toBe(false);

    const slot = digestSlots(schedule, new Date(), config.SITE_TIMEZONE).next;
    const after = new Date(slot.getTime() + 90_000);
    const second = server.testDatabase.url ? await openPostgresDatabase(server.testDatabase.url, { max: 4 }) : null;
    try {
      const runs = await Promise.all(
        [db, second?.db ?? db, db, second?.db ?? db].map((instance) =>
          runScheduledDigest(instance, silent, { publicUrl, timeZone: config.SITE_TIMEZONE, now: after }),
        ),
      );
      expect(runs.filter(Boolean)).toHaveLength(1);
    } finally {
      await second?.close();
    }
    const issues = await db.select().from(newsletterSends).where(eq(newsletterSends.scheduledFor, slot));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ periodEnd: slot, skippedReason: null, articleCount: 2 });

    // Three weeks on, nothing new was published in the week: skipped, nobody mailed.
    const later = new Date(slot.getTime() + 21 * 24 * 60 * 60_000 + 60_000);
    expect(await runScheduledDigest(db, silent, { publicUrl, timeZone: config.SITE_TIMEZONE, now: later })).toBe(false);
    const [skipped] = await db
      .select()
      .from(newsletterSends)
      .where(eq(newsletterSends.scheduledFor, digestSlots(schedule, later, config.SITE_TIMEZONE).last!));
    expect(skipped).toMatchObject({ articleCount: 0 });
    expect(skipped!.skippedReason).toContain("No articles");
    expect(await deliveriesOf(skipped!.id)).toEqual([]);
  });
});

describe(`the admin screen (${testDatabaseKind})`, () => {
  it("is for admins only", async () => {
    const anonymous = await fetch(`${server.url}/admin/newsletter`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    await createAccount(server.services.db, { email: "plain-reader@example.com", password: "reader-secret", role: "user", verified: true });
    const reader = await signInOverHttp(server.url, "plain-reader@example.com", "reader-secret");
    expect((await fetch(`${server.url}/admin/newsletter`, { headers: { Cookie: reader.header() } })).status).toBe(403);
    const sends = (await server.services.db.select().from(newsletterSends)).length;
    expect((await post("/admin/newsletter", { intent: "send" }, { jar: reader })).status).toBe(403);
    expect((await server.services.db.select().from(newsletterSends)).length).toBe(sends);
  });

  it("shows the counts and the list, and removes a subscriber", async () => {
    const { db } = server.services;
    const [email] = await confirmedSubscribers(db, 1, "removable");
    const screen = await (await fetch(`${server.url}/admin/newsletter`, { headers: { Cookie: owner.header() } })).text();
    expect(screen).toContain(email);
    expect(screen).toMatch(/confirmed<\/dt><dd[^>]*>\d+/);
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email!));
    const removed = await post("/admin/newsletter", { intent: "remove", id: row!.id }, { jar: owner });
    expect(removed.status).toBe(200);
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email!))).toEqual([]);
  });
});

describe(`sending servers, killed and run side by side (${testDatabaseKind})`, () => {
  it("a server killed mid-send mails nobody twice; after it the next server (and on PostgreSQL a second instance) send the rest", async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const databaseUrl = adminUrl ? await createPostgresDatabase(adminUrl) : "";
    const dataDirs = [temporaryFolder(), temporaryFolder()];
    const env = (dataDir: string) => ({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      RATE_LIMIT_SCALE: "1000",
      OWNER_EMAIL: "owner@example.com",
      OWNER_PASSWORD: "owner-secret",
      NEWSLETTER_RATE_PER_SECOND: "8",
    });
    const running: RunningProcess[] = [];
    try {
      const first = await startServerProcess(env(dataDirs[0]!));
      running.push(first);
      const emails = Array.from({ length: 16 }, () => nextAddress("process"));
      for (const email of emails) {
        await fetch(`${first.url}/newsletter`, {
          method: "POST",
          headers: { Origin: first.url, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ email }),
        });
        expect(await (await fetch(await smtp.linkFor(email, `${first.url}/newsletter/confirm?token=`))).text()).toContain(confirmedText);
      }
      const admin = await signInOverHttp(first.url, "owner@example.com", "owner-secret");
      const queued = await fetch(`${first.url}/admin/newsletter`, {
        method: "POST",
        headers: { Origin: first.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: admin.header() },
        body: new URLSearchParams({ intent: "send" }),
      });
      expect(await queued.text()).toContain("Sending to 16 subscribers.");
      const receivedBy = () => emails.filter((email) => digestsTo(email).length > 0).length;
      await waitFor(() => receivedBy() >= 4);
      first.child.kill("SIGKILL"); // no chance to finish the mail in hand
      await first.exited;
      expect(receivedBy()).toBeLessThan(16);

      // The embedded database belongs to one process: the same folder again. PostgreSQL: two instances at once.
      const next = await Promise.all((adminUrl ? dataDirs : [dataDirs[0]!]).map((dataDir) => startServerProcess(env(dataDir))));
      running.push(...next);
      await waitFor(() => receivedBy() >= 15, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1500)); // anything sent twice would arrive meanwhile
      for (const email of emails) expect(digestsTo(email).length, email).toBeLessThanOrEqual(1);
      const cookie = (await signInOverHttp(next[0]!.url, "owner@example.com", "owner-secret")).header();
      const receivedBefore = receivedBy();
      const screen = await (await fetch(`${next[0]!.url}/admin/newsletter`, { headers: { Cookie: cookie } })).text();
      const receivedAfter = receivedBy();
      // Sent, failed, pending: at most the one mail in hand at the kill is left "sending" (counted failed once its lease runs out).
      // The senders may still be at work while the screen is read: a mail is received a moment before it is marked sent.
      const [sent, failed, pending] = /this week:[^<]*<\/td><td[^>]*>(\d+)<\/td><td[^>]*>(\d+)<\/td><td[^>]*>(\d+)<\/td>/.exec(screen)!.slice(1).map(Number);
      expect(failed).toBe(0);
      expect(sent! + pending!).toBe(16);
      expect(sent).toBeGreaterThanOrEqual(receivedBefore - 1);
      expect(sent).toBeLessThanOrEqual(receivedAfter);
      expect(receivedAfter).toBeGreaterThanOrEqual(15);
    } finally {
      await Promise.all(running.map((process) => stopProcess(process)));
      if (adminUrl && databaseUrl) await dropPostgresDatabase(adminUrl, databaseUrl);
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
