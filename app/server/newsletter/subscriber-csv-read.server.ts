import { parse } from "csv-parse/sync";
import { emailSchema } from "#app/lib/auth-schema";
import { maxSubscriberCsvBytes } from "#app/lib/import-limits";
import { normalizeEmail } from "#app/server/auth/tokens.server";

// Reading an uploaded subscribers CSV: no database here, so it runs as a job of
// untrusted-worker.server.ts (subscribers-csv.server.ts starts it), off the request thread.

/** The most data rows one import reads. */
export const maxSubscriberCsvRows = 20_000;

export const subscriberCsvTexts = {
  noFile: "Choose a CSV file to import.",
  tooLarge: `The file is larger than ${maxSubscriberCsvBytes / (1024 * 1024)} MB. Split it into smaller files and import them one by one.`,
  tooManyRows: `The file has more than ${maxSubscriberCsvRows.toLocaleString("en")} rows. Split it into smaller files and import them one by one.`,
  unreadable: "This file could not be read as CSV. Save it from your spreadsheet as CSV (comma-separated, UTF-8) and try again.",
  noEmailColumn: "No email column was found. The first row should name the columns (one of them “email”), or every row should start with an address.",
  empty: "The file has no addresses in it.",
  tooComplex: "This file could not be read in time. Split it into smaller files and import them one by one.",
} as const;

export interface SubscriberCsvAddresses {
  emails: string[];
  invalid: number;
  duplicates: number;
}

/**
 * The addresses a CSV file holds (ours, a Ghost members export, or a plain list: one per line,
 * header optional), or why the whole file is refused: a refusal is data, as it crosses from a worker.
 */
export function readSubscriberCsvText(text: string): SubscriberCsvAddresses | { refused: string } {
  let records: string[][];
  try {
    // Past the most rows (and a header), the file is refused: parsing stops there.
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, to: maxSubscriberCsvRows + 2 }) as string[][];
  } catch {
    return { refused: subscriberCsvTexts.unreadable };
  }
  const first = records[0];
  if (!first) return { refused: subscriberCsvTexts.empty };
  const header = first.findIndex((cell) => /^e-?mail( address)?$/i.test(cell));
  const isHeader = header !== -1 || !first.some((cell) => cell.includes("@"));
  if (isHeader && header === -1) return { refused: subscriberCsvTexts.noEmailColumn };
  const rows = isHeader ? records.slice(1) : records;
  if (rows.length > maxSubscriberCsvRows) return { refused: subscriberCsvTexts.tooManyRows };
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
