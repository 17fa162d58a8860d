import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const t=Date.now();
const db = await PGlite.create({ extensions: { pg_trgm } });
console.log('create ms', Date.now()-t);
const r = await db.query("select 1::int8 as a, now() as b, '{\"x\":1}'::json as c", [], {rowMode:'array'});
console.log(r.rows, typeof r.rows[0][0]);
await db.listen('ch', p => console.log('notif', p));
await db.query("select pg_notify('ch','hi')");
try { await db.query("select 1/0"); } catch(e) { console.log(Object.keys(e), e.code, e.constructor.name) }
const d = await db.dumpDataDir('none'); console.log('dump', d.size, d.constructor.name);
const t2=Date.now();
const db2 = await PGlite.create({ loadDataDir: d, extensions: { pg_trgm } }); console.log('load ms', Date.now()-t2);
