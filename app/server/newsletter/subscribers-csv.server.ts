import { asc, gt, inArray, sql } from "drizzle-orm";
import { mailQueue, newsletterSubscribers } from "#database/schema";
import { maxSubscriberCsvBytes } from "#app/lib/import-limits";
import { plural } from "#app/lib/plural";
import { runJob, untrustedJob, type WorkerLimits } from "#app/server/core/untrusted-worker.server";
import type { AppDb } from "#app/server/db/types.server";
import { confirmLinkMs, NewsletterInputError, newsletterConfirmMailKind, subscriberColumns } from "./newsletter.server";
import { maxSubscriberCsvRows, readSubscriberCsvText, subscriberCsvTexts, type SubscriberCsvAddresses } from "./subscriber-csv-read.server";

export { maxSubscriberCsvRows, subscriberCsvTexts };

// Subscribers in and out as CSV. Out: every subscriber, a page at a time. In: double opt-in only —
// an address new to us becomes pending and is mailed the sign-up's confirmation link through the
// mail queue; nobody is ever confirmed by an import, and nobody who unsubscribed is subscribed again.

export const subscriberCsvColumns = ["email", "status", "subscribed_at", "confirmed_at", "unsubscribed_at"] as const;

const pageSize = 1000;

// --- Export -----------------------------------------------------------------------------------

/**
 * A cell as RFC 4180 writes it, and safe to open in a spreadsheet: text starting with = + - @, a
 * tab or a carriage return would be read as a formula, so it gets a leading apostrophe.
 */
export function csvCell(value: string | null): string {
  let text = value ?? "";
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: readonly (string | null)[]) => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * The export, line by line (CRLF), read a page at a time in id order (a timestamp is no cursor: many
 * rows may share one, and JavaScript's dates drop PostgreSQL's microseconds).
 */
export async function* subscribersCsvLines(db: AppDb): AsyncGenerator<string> {
  yield csvLine(subscriberCsvColumns);
  let after: string | null = null;
  for (;;) {
    const rows = await db
      .select(subscriberColumns)
      .from(newsletterSubscribers)
      .where(after === null ? undefined : gt(newsletterSubscribers.id, after))
      .orderBy(asc(newsletterSubscribers.id))
      .limit(pageSize);
    for (const row of rows) {
      yield csvLine([row.email, row.status, row.createdAt.toISOString(), row.confirmedAt?.toISOString() ?? null, row.unsubscribedAt?.toISOString() ?? null]);
    }
    if (rows.length < pageSize) return;
    after = rows.at(-1)!.id;
  }
}

export const subscribersCsvFilename = (now = new Date()) => `the-educator-subscribers-${now.toISOString().slice(0, 10)}.csv`;

// --- Import -----------------------------------------------------------------------------------

/** Why a file is refused as a whole (nothing of it is imported). */
export class SubscriberCsvError extends NewsletterInputError {}

/** The addresses a CSV file holds, read here (tests); a refusal throws SubscriberCsvError. */
export function readSubscriberCsv(text: string): SubscriberCsvAddresses {
  const read = readSubscriberCsvText(text);
  if ("refused" in read) throw new SubscriberCsvError(read.refused);
  return read;
}

const readJob = untrustedJob<typeof import("./subscriber-csv-read.server"), "readSubscriberCsvText">(
  "app/server/newsletter/subscriber-csv-read.server.ts",
  "readSubscriberCsvText",
);

/** A 5 MB file of 20,000 rows reads in about a third of a second: these leave it room, and stop a file made to take more. */
const readLimits: WorkerLimits = { timeoutMs: 20_000, memoryMb: 256, growthMb: 512 };

/** readSubscriberCsv in a limited worker (untrusted-worker.server.ts): the server keeps answering while a file is read. */
async function readSubscriberCsvApart(text: string): Promise<SubscriberCsvAddresses> {
  const outcome = await runJob(readJob, text, { limits: readLimits });
  if (!outcome.ok) {
    if (outcome.failed === "threw") throw new Error(`Reading a subscribers CSV failed: ${outcome.message}`);
    throw new SubscriberCsvError(subscriberCsvTexts.tooComplex);
  }
  if ("refused" in outcome.value) throw new SubscriberCsvError(outcome.value.refused);
  return outcome.value;
}

export interface SubscriberImportSummary {
  /** Distinct valid addresses plus invalid rows: what the file held, duplicates counted once. */
  total: number;
  /** New to us: pending, and a confirmation mail queued. */
  asked: number;
  /** Confirmed already: left as they are. */
  subscribed: number;
  /** Waiting for their confirmation already: left as they are, not mailed again. */
  pending: number;
  /** They unsubscribed: left alone, not mailed. */
  unsubscribed: number;
  invalid: number;
  duplicates: number;
}

/**
 * Imports a subscribers CSV (at most `maxSubscriberCsvBytes` and `maxSubscriberCsvRows`, else
 * nothing is done). Each address new to us becomes pending with its confirmation mail queued in
 * the same transaction; every other address stays exactly as it was. Call `wakeMailQueue` after.
 */
export async function importSubscribersCsv(db: AppDb, file: { size: number; text: () => Promise<string> }): Promise<SubscriberImportSummary> {
  if (file.size === 0) throw new SubscriberCsvError(subscriberCsvTexts.noFile);
  if (file.size > maxSubscriberCsvBytes) throw new SubscriberCsvError(subscriberCsvTexts.tooLarge);
  const { emails, invalid, duplicates } = await readSubscriberCsvApart(await file.text());
  if (emails.length === 0 && invalid === 0) throw new SubscriberCsvError(subscriberCsvTexts.empty);
  const summary: SubscriberImportSummary = { total: emails.length + invalid, asked: 0, subscribed: 0, pending: 0, unsubscribed: 0, invalid, duplicates };
  for (let start = 0; start < emails.length; start += pageSize) {
    const batch = emails.slice(start, start + pageSize);
    await db.transaction(async (tx) => {
      const existing = await tx
        .select({ email: sql<string>`lower(${newsletterSubscribers.email})`, status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(inArray(sql`lower(${newsletterSubscribers.email})`, batch));
      const known = new Map(existing.map((row) => [row.email, row.status]));
      for (const status of known.values()) {
        if (status === "confirmed") summary.subscribed++;
        else if (status === "pending") summary.pending++;
        else summary.unsubscribed++;
      }
      const fresh = batch.filter((email) => !known.has(email));
      if (fresh.length === 0) return;
      // The link is made (and its hash stored) when the queue sends the mail; until then the row expires like any pending one.
      const confirmExpiresAt = new Date(Date.now() + confirmLinkMs);
      const inserted = await tx
        .insert(newsletterSubscribers)
        .values(fresh.map((email) => ({ email, confirmExpiresAt })))
        .onConflictDoNothing()
        .returning({ email: newsletterSubscribers.email });
      // An address that signed up meanwhile (between the look and the insert) is pending or more already.
      summary.pending += fresh.length - inserted.length;
      summary.asked += inserted.length;
      if (inserted.length > 0) await tx.insert(mailQueue).values(inserted.map(({ email }) => ({ kind: newsletterConfirmMailKind, email })));
    });
  }
  return summary;
}

/** "Imported 120 addresses: 95 asked to confirm, 20 already subscribed, 3 unsubscribed (left alone), 2 invalid." */
export function describeSubscriberImport(summary: SubscriberImportSummary): string {
  const parts = [
    `${summary.asked} asked to confirm`,
    `${summary.subscribed} already subscribed`,
    ...(summary.pending > 0 ? [`${summary.pending} already waiting to confirm (not mailed again)`] : []),
    `${summary.unsubscribed} unsubscribed (left alone)`,
    `${summary.invalid} invalid`,
    ...(summary.duplicates > 0 ? [`${plural(summary.duplicates, { one: "duplicate", other: "duplicates" })} counted once`] : []),
  ];
  return `Imported ${plural(summary.total, { one: "address", other: "addresses" })}: ${parts.join(", ")}.`;
}
