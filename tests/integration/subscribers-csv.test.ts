import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailQueue, newsletterSubscribers } from "#database/schema";
import { maxSubscriberCsvBytes } from "#app/lib/import-limits";
import { confirmedText } from "#app/lib/newsletter-texts";
import { newsletterConfirmMailKind } from "#app/server/newsletter/newsletter.server";
import { csvCell, importSubscribersCsv, maxSubscriberCsvRows, readSubscriberCsv, subscriberCsvTexts } from "#app/server/newsletter/subscribers-csv.server";
import { testDatabaseKind } from "#tests/helpers/database";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";
import { startSmtpSink, type SmtpSink } from "#tests/helpers/smtp";
import { anAccount, aSubscriber } from "#tests/factories";

const publicUrl = "http://127.0.0.1";
let server: TestServer;
let smtp: SmtpSink;
let owner: CookieJar;
let editor: CookieJar;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: smtp.url, OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret", NEWSLETTER_WORKER: "false" });
  owner = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
  const account = await anAccount(server.services.db, { role: "editor" });
  editor = await signInOverHttp(server.url, account.email, account.password);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** Posts a CSV file on the Newsletter screen's import form, as a browser without JavaScript would. */
function importFile(text: string, jar: CookieJar = owner, name = "subscribers.csv") {
  const form = new FormData();
  form.set("intent", "import");
  form.set("file", new Blob([text], { type: "text/csv" }), name);
  return fetch(`${server.url}/admin/newsletter`, { method: "POST", redirect: "manual", headers: { Origin: server.url, Cookie: jar.header() }, body: form });
}

async function subscriber(email: string) {
  const [row] = await server.services.db
    .select()
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = ${email}`);
  return row;
}

async function subscriberCount() {
  const [row] = await server.services.db.select({ n: sql<number>`count(*)::int` }).from(newsletterSubscribers);
  return row!.n;
}

const mailsTo = (email: string) => smtp.inbox.filter((mail) => mail.to.includes(email));

/** Waits until the mail queue has sent every queued confirmation (the server's worker sends them). */
async function queueDrained() {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const waiting = await server.services.db.select({ id: mailQueue.id }).from(mailQueue).where(eq(mailQueue.kind, newsletterConfirmMailKind));
    if (waiting.length === 0) return;
    if (Date.now() > deadline) throw new Error("the confirmation mails were not sent");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe(`subscribers CSV export (${testDatabaseKind})`, () => {
  it("quotes as RFC 4180 says and guards cells a spreadsheet would run as formulas", () => {
    expect(csvCell("plain@example.com")).toBe("plain@example.com");
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe("");
    for (const start of ["=", "+", "-", "@", "\t"]) expect(csvCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(csvCell("\rx")).toBe(`"'\rx"`);
    expect(csvCell("=1,2")).toBe(`"'=1,2"`);
  });

  it("downloads every subscriber with status and dates, to admins only", async () => {
    const confirmed = await aSubscriber(server.services.db, { email: "export-confirmed@example.com" });
    const unsubscribed = await aSubscriber(server.services.db, { email: "export-left@example.com", status: "unsubscribed" });
    await aSubscriber(server.services.db, { email: "export-pending@example.com", status: "pending" });
    // Not an address a form would take, but the table may hold anything: it must come out harmless.
    await aSubscriber(server.services.db, { email: '=HYPERLINK("http://evil.example","x"),@example.com' });

    const response = await fetch(`${server.url}/admin/newsletter/subscribers.csv`, { headers: { Cookie: owner.header() } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="the-educator-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await response.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("email,status,subscribed_at,confirmed_at,unsubscribed_at");
    expect(lines.at(-1)).toBe("");
    expect(lines).toContain(`export-confirmed@example.com,confirmed,${confirmed.createdAt.toISOString()},${confirmed.confirmedAt!.toISOString()},`);
    expect(lines).toContain(`export-left@example.com,unsubscribed,${unsubscribed.createdAt.toISOString()},,${unsubscribed.unsubscribedAt!.toISOString()}`);
    expect(lines.some((line) => line.startsWith("export-pending@example.com,pending,"))).toBe(true);
    expect(lines.some((line) => line.startsWith(`"'=HYPERLINK(""http://evil.example"",""x""),@example.com",confirmed,`))).toBe(true);
    expect(lines.length - 2).toBe(await subscriberCount());

    const denied = await fetch(`${server.url}/admin/newsletter/subscribers.csv`, { headers: { Cookie: editor.header() }, redirect: "manual" });
    expect(denied.status).toBe(403);
    const anonymous = await fetch(`${server.url}/admin/newsletter/subscribers.csv`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/auth/);
  });

  it("pages through more subscribers than one page holds", async () => {
    const { db } = server.services;
    await db
      .insert(newsletterSubscribers)
      .values(Array.from({ length: 1205 }, (_, index) => ({ email: `bulk-${index}@example.com`, status: "confirmed" as const })));
    const text = await (await fetch(`${server.url}/admin/newsletter/subscribers.csv`, { headers: { Cookie: owner.header() } })).text();
    const emails = text
      .split("\r\n")
      .slice(1, -1)
      .map((line) => line.split(",")[0]);
    expect(emails.length).toBe(await subscriberCount());
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails.filter((email) => email?.startsWith("bulk-")).length).toBe(1205);
    await db.delete(newsletterSubscribers).where(sql`${newsletterSubscribers.email} like 'bulk-%'`);
  });
});

describe(`subscribers CSV import (${testDatabaseKind})`, () => {
  it("reads our export, a Ghost members export and a plain list with or without a header", () => {
    expect(readSubscriberCsv("email,status\r\nA@Example.com,confirmed\r\nnot-an-address,pending\r\na@example.com,pending\r\n")).toEqual({
      emails: ["a@example.com"],
      invalid: 1,
      duplicates: 1,
    });
    const ghost =
      'id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers\n1,g@example.com,"Mwila, B",,true,,,2024-01-01T00:00:00.000Z,,"vip,teachers",\n';
    expect(readSubscriberCsv(ghost).emails).toEqual(["g@example.com"]);
    expect(readSubscriberCsv("one@example.com\ntwo@example.com\n").emails).toEqual(["one@example.com", "two@example.com"]);
    expect(readSubscriberCsv("\uFEFFEmail\r\none@example.com\r\n").emails).toEqual(["one@example.com"]);
    expect(readSubscriberCsv("email\n'=x@example.com\n").invalid).toBe(1); // unguarded again, then refused as an address
    expect(() => readSubscriberCsv("name,phone\nMwila,0977\n")).toThrow(subscriberCsvTexts.noEmailColumn);
    expect(() => readSubscriberCsv('email\n"unterminated\n')).toThrow(subscriberCsvTexts.unreadable);
  });

  it("reads a file away from the request thread: the event loop waits no longer than a fraction of what reading it here takes", async () => {
    // Rows the import reads but writes nothing for (invalid addresses): what is measured is the reading.
    const text = `email,name\n${Array.from({ length: maxSubscriberCsvRows - 1 }, (_, index) => `not-an-address-${index},${"Mwila ".repeat(40)}`).join("\n")}\nreader@example.com,Mwila\n`;
    expect(text.length).toBeLessThanOrEqual(maxSubscriberCsvBytes);
    expect(readSubscriberCsv(text).invalid).toBe(maxSubscriberCsvRows - 1); // once to warm up: the second read is the one timed
    const started = performance.now();
    readSubscriberCsv(text);
    const onThisThread = performance.now() - started;
    // A tick every 5 ms: the longest gap between two is the longest the loop was held.
    let last = performance.now();
    let longestWaitMs = 0;
    const ticks = setInterval(() => {
      const now = performance.now();
      longestWaitMs = Math.max(longestWaitMs, now - last);
      last = now;
    }, 5);
    const summary = await importSubscribersCsv(server.services.db, { size: text.length, text: async () => text });
    clearInterval(ticks);
    expect(summary).toMatchObject({ invalid: maxSubscriberCsvRows - 1, asked: 1 });
    expect(longestWaitMs, `read here in ${Math.round(onThisThread)} ms; the loop waited at most ${Math.round(longestWaitMs)} ms`).toBeLessThan(
      onThisThread / 2,
    );
    await server.services.db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, "reader@example.com"));
    await server.services.db.delete(mailQueue).where(eq(mailQueue.email, "reader@example.com"));
  });

  it("asks new addresses to confirm, mails them through the queue, and leaves everyone else as they were", async () => {
    const { db } = server.services;
    const confirmed = await aSubscriber(db, { email: "mixed-confirmed@example.com" });
    const unsubscribed = await aSubscriber(db, { email: "mixed-left@example.com", status: "unsubscribed" });
    const pending = await aSubscriber(db, { email: "mixed-pending@example.com", status: "pending" });
    const confirmedBefore = (await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.status, "confirmed"))).length;
    const file = [
      "email,status,subscribed_at,confirmed_at,unsubscribed_at",
      // The file says confirmed: an import never confirms anybody.
      "mixed-new-1@example.com,confirmed,2024-01-01T00:00:00.000Z,2024-01-02T00:00:00.000Z,",
      "mixed-new-2@example.com,pending,2024-01-01T00:00:00.000Z,,",
      "MIXED-NEW-2@example.com,pending,2024-01-01T00:00:00.000Z,,",
      "mixed-confirmed@example.com,confirmed,,,",
      "Mixed-Left@example.com,confirmed,,,",
      "mixed-pending@example.com,confirmed,,,",
      "not-an-address,confirmed,,,",
      ",pending,,,",
    ].join("\r\n");

    const response = await importFile(file);
    expect(response.status).toBe(200);
    const summary =
      "Imported 7 addresses: 2 asked to confirm, 1 already subscribed, 1 already waiting to confirm (not mailed again), 1 unsubscribed (left alone), 2 invalid, 1 duplicate counted once.";
    expect(decode(await response.text())).toContain(summary);

    for (const email of ["mixed-new-1@example.com", "mixed-new-2@example.com"]) {
      expect(await subscriber(email)).toMatchObject({ status: "pending", confirmedAt: null });
    }
    expect(await subscriber("mixed-confirmed@example.com")).toEqual(confirmed);
    expect(await subscriber("mixed-left@example.com")).toEqual(unsubscribed);
    expect(await subscriber("mixed-pending@example.com")).toEqual(pending);
    expect((await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.status, "confirmed"))).length).toBe(confirmedBefore);

    // The reader's own confirmation mail and link, sent by the mail queue.
    const link = await smtp.linkFor("mixed-new-1@example.com", `${publicUrl}/newsletter/confirm?token=`);
    await smtp.linkFor("mixed-new-2@example.com", `${publicUrl}/newsletter/confirm?token=`);
    await queueDrained();
    expect(mailsTo("mixed-new-1@example.com")).toHaveLength(1);
    expect(mailsTo("mixed-new-2@example.com")).toHaveLength(1);
    for (const email of ["mixed-confirmed@example.com", "mixed-left@example.com", "mixed-pending@example.com"]) expect(mailsTo(email)).toHaveLength(0);
    expect((await subscriber("mixed-new-1@example.com"))!.confirmTokenHash).not.toBeNull();

    // Importing the same file again mails nobody: the new ones are waiting already.
    const again = await importFile(file);
    expect(decode(await again.text())).toContain(
      "Imported 7 addresses: 0 asked to confirm, 1 already subscribed, 3 already waiting to confirm (not mailed again), 1 unsubscribed (left alone), 2 invalid",
    );
    await queueDrained();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo("mixed-new-1@example.com")).toHaveLength(1);

    // The link confirms, as a reader's own does.
    const opened = await fetch(`${server.url}${link.slice(publicUrl.length)}`);
    expect(await opened.text()).toContain(confirmedText);
    expect(await subscriber("mixed-new-1@example.com")).toMatchObject({ status: "confirmed" });
  });

  it("takes a Ghost members export and a plain list", async () => {
    const ghost = [
      "id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers",
      '5f0c,ghost-member@example.com,"Banda, Chanda",,true,,,2023-05-01T10:00:00.000Z,,"teachers",',
      "5f0d,ghost-quiet@example.com,Phiri,,false,,,2023-05-01T10:00:00.000Z,,,",
    ].join("\n");
    expect(decode(await (await importFile(ghost)).text())).toContain("Imported 2 addresses: 2 asked to confirm");
    expect(await subscriber("ghost-member@example.com")).toMatchObject({ status: "pending", confirmedAt: null });
    await smtp.linkFor("ghost-member@example.com", `${publicUrl}/newsletter/confirm?token=`);

    expect(decode(await (await importFile("list-1@example.com\nlist-2@example.com\n", owner, "list.txt")).text())).toContain(
      "Imported 2 addresses: 2 asked to confirm",
    );
    expect(await subscriber("list-2@example.com")).toMatchObject({ status: "pending" });
    await queueDrained();
  });

  it("refuses a file over the limits, or without addresses, with nothing done", async () => {
    const before = await subscriberCount();
    const queuedBefore = (await server.services.db.select().from(mailQueue)).length;
    const line = "too-big-0000000000@example.com\n";
    const big = "email\n" + line.repeat(Math.ceil((maxSubscriberCsvBytes + 1) / line.length));
    const tooBig = await importFile(big);
    expect(tooBig.status).toBe(400);
    expect(decode(await tooBig.text())).toContain(subscriberCsvTexts.tooLarge);

    const rows = "email\n" + Array.from({ length: maxSubscriberCsvRows + 1 }, (_, index) => `row-${index}@example.com`).join("\n");
    const tooMany = await importFile(rows);
    expect(tooMany.status).toBe(400);
    expect(decode(await tooMany.text())).toContain(subscriberCsvTexts.tooManyRows);

    const noColumn = await importFile("name,phone\nMwila,0977\n");
    expect(noColumn.status).toBe(400);
    expect(decode(await noColumn.text())).toContain(subscriberCsvTexts.noEmailColumn);

    const empty = await importFile("");
    expect(empty.status).toBe(400);

    expect(await subscriberCount()).toBe(before);
    expect((await server.services.db.select().from(mailQueue)).length).toBe(queuedBefore);
  });

  it("is for admins only", async () => {
    const response = await importFile("editor-try@example.com\n", editor);
    expect(response.status).toBe(403);
    expect(await subscriber("editor-try@example.com")).toBeUndefined();
  });
});
