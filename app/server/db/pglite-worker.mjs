// Runs PGlite off the main thread: a long query blocks this worker, never the web server.
// Plain JavaScript so Node can start it without a TypeScript loader.
import { parentPort, workerData } from "node:worker_threads";
import fs from "node:fs";
import path from "node:path";
import { PGlite, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PreparedStatements } from "./prepared-statements.mjs";

const extensions = { pg_trgm };
// 32 MB of shared buffers, not PostgreSQL's 128 MB: setting up the buffer pool is most of PGlite's start
// (about 1 s at 128 MB, 0.6 s at 32 MB on a 2-core machine), and a magazine's working set is far smaller.
const options = { extensions, startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"] };
// Dates stay as the text PostgreSQL sent, exactly as Drizzle expects from node-postgres.
const keepText = (value) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, keepText]),
);

/** A copy of the build's template database (see pglite-template.server.ts); false when it could not be copied. */
function copyTemplate(template, destination) {
  try {
    fs.cpSync(template, destination, { recursive: true });
    return true;
  } catch {
    fs.rmSync(destination, { recursive: true, force: true }); // replaced by a rebuild meanwhile: initdb instead
    return false;
  }
}

/** A new database is made in a temporary folder and renamed into place, so a kill during creation leaves nothing half-made. */
async function openDataDir(dataDir, template) {
  if (fs.existsSync(path.join(dataDir, "PG_VERSION"))) return PGlite.create(dataDir, options);
  const parent = path.dirname(dataDir);
  for (const entry of fs.readdirSync(parent)) {
    if (entry.startsWith(`${path.basename(dataDir)}.creating-`)) fs.rmSync(path.join(parent, entry), { recursive: true, force: true });
  }
  const temporary = `${dataDir}.creating-${process.pid}`;
  if (!template || !copyTemplate(template, temporary)) {
    const fresh = await PGlite.create(temporary, options);
    await fresh.close();
  }
  if (fs.existsSync(dataDir)) fs.rmSync(dataDir, { recursive: true, force: true }); // an empty or broken leftover, never a real database
  fs.renameSync(temporary, dataDir);
  return PGlite.create(dataDir, options);
}

async function open() {
  const { dataDir, loadDataDirFrom, template } = workerData;
  if (loadDataDirFrom) {
    const tarball = new Blob([fs.readFileSync(loadDataDirFrom)]);
    return PGlite.create({ ...options, loadDataDir: tarball });
  }
  if (!dataDir) return PGlite.create(options);
  return openDataDir(dataDir, template);
}

function serializeError(error) {
  const fields = ["message", "code", "detail", "hint", "constraint", "table", "column", "schema", "severity", "where"];
  return Object.fromEntries(fields.filter((key) => error?.[key] !== undefined).map((key) => [key, String(error[key])]));
}

const ready = open();
const statements = ready.then((db) => new PreparedStatements(db));
ready.catch((error) => parentPort.postMessage({ op: "fatal", error: serializeError(error) }));

const handlers = {
  query: async (db, { sql, params, rowMode }) =>
    (await statements).query(sql, params, { rowMode, parsers }).then(({ rows, affectedRows }) => ({ rows, rowCount: affectedRows ?? rows.length })),
  exec: (db, { sql }) => db.exec(sql).then(() => null),
  listen: (db, { channel }) => db.listen(channel, (payload) => parentPort.postMessage({ op: "notify", channel, payload })).then(() => null),
  dump: async (db, { file }) => {
    const tarball = await db.dumpDataDir("gzip");
    fs.writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    return null;
  },
  close: (db) => db.close().then(() => null),
};

parentPort.on("message", async (message) => {
  try {
    const db = await ready;
    const result = await handlers[message.op](db, message);
    parentPort.postMessage({ id: message.id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: serializeError(error) });
  }
});
