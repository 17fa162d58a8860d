// Jobs for untrusted-worker.server.test.ts: each misbehaves as a hostile file makes a parser do.

/** Answers its input doubled. */
export async function double(input: number): Promise<number> {
  return input * 2;
}

/** Never answers, and keeps its thread busy. */
export async function spin(): Promise<never> {
  for (;;) Math.random();
}

/** Holds `mb` megabytes outside the JavaScript heap (as inflated streams are), then waits. */
export async function holdMemory(mb: number): Promise<number> {
  const held = Buffer.alloc(mb * 1024 * 1024, 1);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  return held.length;
}

/** Fills the JavaScript heap. */
export async function fillHeap(): Promise<number> {
  const kept: string[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, index) => `${index}`));
}

export async function fail(): Promise<never> {
  throw new Error("a bug in the parser");
}
