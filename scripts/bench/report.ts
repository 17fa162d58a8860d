import { execFileSync } from "node:child_process";
import os from "node:os";

/** Columns padded to line up (the first left-aligned, the others right-aligned). */
export function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  return rows.map((row) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ")
      .trimEnd(),
  );
}

export const kib = (bytes: number) => (bytes / 1024).toFixed(1);
export const verdict = (met: boolean | undefined) => (met === undefined ? "n/a" : met ? "ok" : "MISS");

/** Where and on what the figures were taken: commit, machine, date. */
export function runContext(): string {
  let commit = "unknown commit";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    if (dirty) commit += " + local changes";
  } catch {
    // not a git checkout
  }
  const [load1] = os.loadavg();
  const busy = load1! > 0.5 ? ` — the machine was busy (load average ${load1!.toFixed(1)} at the start): figures are worse than on an idle machine` : "";
  return `${commit}, ${os.cpus().length} CPUs, Node ${process.versions.node}, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC${busy}`;
}
