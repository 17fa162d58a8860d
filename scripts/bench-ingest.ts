// Page-view ingestion benchmark: drives the real /api/page-views endpoint (built app, fresh
// database) with autocannon for BENCH_SECONDS (default 15), each request from its own
// client address, then checks that every answered view was stored. Prints figures.
//
//   npm run build && npm run bench:ingest                       # embedded (PGlite)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:ingest
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { count } from "drizzle-orm";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { pageViewDays, pageViews } from "../database/schema";
import { loadConfig } from "../app/server/config.server";
import { openEmbeddedDatabase, openPostgresDatabase } from "../app/server/db.server";
import { startServices } from "../app/server/start.server";
import { createApp } from "../server/app";
import { createPostgresDatabase, dropPostgresDatabase } from "../tests/helpers/database";

const root = path.resolve(import.meta.dirname, "..");
const adminUrl = process.env.BENCH_DATABASE_URL;
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const log = pino({ level: "silent" });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "educator-ingest-"));
const databaseUrl = adminUrl ? await createPostgresDatabase(adminUrl) : undefined;
const database = databaseUrl ? await openPostgresDatabase(databaseUrl) : await openEmbeddedDatabase({ dataDir: path.join(dataDir, "pgdata") });
const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "false", LOG_LEVEL: "silent", TRUST_PROXY: "true", PUBLIC_URL: "http://127.0.0.1" });
const started = await startServices(config, { database, log, announceOwner: () => undefined });
const serverBuild = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild;
const app = createApp({ config, log, uploadsDir: started.services.storage.root, build: { server: serverBuild, clientDir: path.join(root, "build/client") } });
const server = app.listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/page-views`;

let sent = 0;
const result = await autocannon({
  url,
  method: "POST",
  connections: 50,
  pipelining: 1,
  duration: seconds,
  headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36" },
  requests: [
    {
      setupRequest(request) {
        sent++;
        // Each request from its own address, so the per-address limit measures nothing here.
        const address = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
        return {
          ...request,
          headers: { ...request.headers, "x-forwarded-for": address },
          body: JSON.stringify({ path: `/articles/${sent % 500}?ref=bench#top`, referrer: sent % 3 ? null : "https://search.example/", visitor_id: crypto.randomUUID() }),
        };
      },
    },
  ],
});

await started.services.pageViewQueue.flush();
const [[stored], days] = await Promise.all([database.db.select({ n: count() }).from(pageViews), database.db.select().from(pageViewDays)]);
const accepted = result["2xx"];
console.log(`database: ${database.kind}; ${seconds} s, 50 connections`);
console.log(`requests answered 204: ${accepted.toLocaleString("en-US")} (${Math.round(accepted / seconds).toLocaleString("en-US")} per second); non-2xx: ${result.non2xx}; errors: ${result.errors}`);
console.log(`latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
console.log(`stored raw rows: ${stored!.n.toLocaleString("en-US")}; rollup total: ${days.reduce((total, day) => total + Number(day.views), 0).toLocaleString("en-US")}; lost: ${accepted - stored!.n}`);

// The write path alone (queue → batched INSERT → rollup trigger), without HTTP or the load generator.
const direct = 200_000;
const directStart = performance.now();
for (let index = 0; index < direct; index++) {
  started.services.pageViewQueue.add({ path: `/articles/${index % 500}`, referrer: null, visitorId: crypto.randomUUID() });
  if (index % 2000 === 1999) await new Promise((resolve) => setImmediate(resolve));
  // Stay under the queue's bound (it drops views beyond 100,000 pending, by design).
  while (started.services.pageViewQueue.pending > 50_000) await new Promise((resolve) => setTimeout(resolve, 5));
}
await started.services.pageViewQueue.flush();
const directSeconds = (performance.now() - directStart) / 1000;
const [[afterDirect]] = await Promise.all([database.db.select({ n: count() }).from(pageViews)]);
console.log(`write path alone: ${direct.toLocaleString("en-US")} views stored in ${directSeconds.toFixed(1)} s = ${Math.round(direct / directSeconds).toLocaleString("en-US")} per second; lost: ${stored!.n + direct - afterDirect!.n}`);

server.closeAllConnections();
server.close();
await started.stop();
if (adminUrl && databaseUrl) await dropPostgresDatabase(adminUrl, databaseUrl);
fs.rmSync(dataDir, { recursive: true, force: true });
