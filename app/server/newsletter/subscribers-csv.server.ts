import { parse } from "csv-parse/sync";
import { asc, gt, inArray, sql } from "drizzle-orm";
import { mailQueue, newsletterSubscribers } from "#database/schema";
import { emailSchema } from "#app/lib/auth-schema";
import { maxSubscriberCsvBytes } from "#app/lib/import-limits";
import { plural } from "#app/lib/plural";
import { normalizeEmail } from "#app/server/auth/auth.server";
import type { AppDb } from "#app/server/db/types.server";
import { confirmLinkMs, NewsletterInputError, newsletterConfirmMailKind, subscriberColumns } from "./newsletter.server";

// Subscribers in and out as CSV. Out: every subscriber, a page at a time. In: double opt-in only —
// an address new to us becomes pending and is mailed the sign-up's confirmation link through the
// mail queue; nobody is ever confirmed by an import, and nobody who unsubscribed is subscribed again.

export const subscriberCsvColumns = ["email", "status", "subscribed_at", "confirmed_at", "unsubscribed_at"] as const;

/** The most data rows one import reads. */
export const maxSubscriberCsvRows = 20_000;

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

export const subscriberCsvTexts = {
  noFile: "Choose a CSV file to import.",
  tooLarge: `The file is larger than ${maxSubscriberCsvBytes / (1024 * 1024)} MB. Split it into smaller files and import them one by one.`,
  tooManyRows: `The file has more than ${maxSubscriberCsvRows.toLocaleString("en")} rows. Split it into smaller files and import them one by one.`,
  unreadable: "This file could not be read as CSV. Save it from your spreadsheet as CSV (comma-separated, UTF-8) and try again.",
  noEmailColumn: "No email column was found. The first row should name the columns (one of them “email”), or every row should start with an address.",
  empty: "The file has no addresses in it.",
} as const;

/** The addresses a CSV file holds: ours, a Ghost members export, or a plain list (one per line, header optional). */
export function readSubscriberCsv(text: string): { emails: string[]; invalid: number; duplicates: number } {
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch {
    throw new SubscriberCsvError(subscriberCsvTexts.unreadable);
  }
  const first = records[0];
  if (!first) throw new SubscriberCsvError(subscriberCsvTexts.empty);
  const header = first.findIndex((cell) => /^e-?mail( address)?$/i.test(cell));
  const isHeader = header !== -1 || !first.some((cell) => cell.includes("@"));
  if (isHeader && header === -1) throw new SubscriberCsvError(subscriberCsvTexts.noEmailColumn);
  const rows = isHeader ? records.slice(1) : records;
  if (rows.length > maxSubscriberCsvRows) throw new SubscriberCsvError(subscriberCsvTexts.tooManyRows);
  const column = Math.max(header, 0);
  const seen = new Set<string>();
  let invalid = 0;
  let duplicates = 0;
  for (const row of rows) {
    // Our own export guards formula-looking cells with an apostrophe: take it off again.
    const cell = (row[column] ?? "").replace(/^'(?=[=+\-@\t\r])/, "");
    const parsed = emailSchema.safeParse(cell);
    if (!parsed.success) {
      invalid++;
      continue;
    }
    const email = normalizeEmail(parsed.data);
    if (seen.has(email)) duplicates++;
    else seen.add(email);
  }
  return { emails: [...seen], invalid, duplicates };
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
  const { emails, invalid, duplicates } = readSubscriberCsv(await file.text());
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
