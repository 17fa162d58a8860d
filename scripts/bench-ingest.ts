// Page-view ingestion benchmark: drives the real /api/page-views endpoint of the built app
// over a fresh database with wrk, at a steady rate while a reader opens pages, then flat out;
// checks every answered view was stored, then measures the write path alone. Prints figures.
// (npm run bench:analytics runs this too, after filling the database with millions of views.)
//
//   npm run build && npm run bench:ingest                       # embedded (PGlite)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:ingest
//
// BENCH_SECONDS per run (default 15), BENCH_CONNECTIONS (default 64), BENCH_RATE (steady views/s, default 5,000).
import { createBenchDatabase } from "./bench/databases";
import { describeIngestion, ingestionOptionsFromEnv, measureIngestion } from "./bench/ingestion";

const bench = await createBenchDatabase(process.env.BENCH_DATABASE_URL);
try {
  const database = await bench.open();
  const figures = await measureIngestion(database, { dataDir: bench.dataDir, ...ingestionOptionsFromEnv() });
  console.log(`database: ${database.kind}`);
  for (const line of describeIngestion(figures)) console.log(line);
} finally {
  await bench.cleanup();
}
