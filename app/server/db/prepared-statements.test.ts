import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PreparedStatements } from "./prepared-statements.mjs";

let db: PGlite;

beforeAll(async () => {
  db = await PGlite.create();
  await db.exec(`
    create table notes (id serial primary key, title text not null unique, body jsonb, done boolean not null default false,
      tags text[] not null default '{}', created_at timestamptz not null default now(), picture bytea);
  `);
});

afterAll(() => db.close());

/** How many statements the database itself keeps prepared (ours are named educator_N). */
async function preparedNames() {
  const { rows } = await db.query<{ name: string }>("select name from pg_prepared_statements order by name");
  return rows.map((row) => row.name);
}

describe("statements kept prepared in the embedded database", () => {
  it("answers exactly as query() does, for every kind of value, from the second run on through a named statement", async () => {
    const statements = new PreparedStatements(db);
    const insert = "insert into notes (title, body, done, tags, created_at, picture) values ($1, $2, $3, $4, $5, $6) returning *";
    const values = (title: string) => [
      title,
      { pages: [1, 2], note: "it's" },
      true,
      ["a", "b,c"],
      new Date("2026-01-02T03:04:05Z"),
      new Uint8Array([1, 2, 255]),
    ];
    const first = await statements.query(insert, values("first"));
    const second = await statements.query(insert, values("second"));
    expect(await preparedNames()).toHaveLength(1);
    expect(second.rows[0]).toMatchObject({ ...first.rows[0], id: 2, title: "second" });
    expect(first.rows[0]).toMatchObject({ body: { pages: [1, 2], note: "it's" }, done: true, tags: ["a", "b,c"], picture: new Uint8Array([1, 2, 255]) });

    const select = "select id, title, body, created_at from notes where done = $1 and title <> $2 order by id";
    const plain = await db.query(select, [true, "none"], { rowMode: "array" });
    await statements.query(select, [true, "none"], { rowMode: "array" });
    const kept = await statements.query(select, [true, "none"], { rowMode: "array" });
    expect(kept.rows).toEqual(plain.rows);
    expect(kept.fields).toEqual(plain.fields);
    const update = "update notes set done = $1 where title = $2";
    await statements.query(update, [false, "first"]);
    expect((await statements.query(update, [false, "second"])).affectedRows).toBe(1);
  });

  it("reports a failed run with the database's error and goes on working, inside and outside transactions", async () => {
    const statements = new PreparedStatements(db);
    const insert = "insert into notes (title) values ($1) returning id";
    await statements.query(insert, ["unique one"]);
    await expect(statements.query(insert, ["unique one"])).rejects.toMatchObject({ code: "23505" });
    expect((await statements.query(insert, ["unique two"])).rows).toHaveLength(1);

    await statements.query("begin");
    await statements.query(insert, ["rolled back"]);
    await expect(statements.query(insert, ["unique two"])).rejects.toMatchObject({ code: "23505" });
    await expect(statements.query(insert, ["after the failure"])).rejects.toMatchObject({ code: "25P02" });
    await statements.query("rollback");
    const count = "select count(*)::int as n from notes where title = $1";
    await statements.query(count, ["rolled back"]);
    expect((await statements.query(count, ["rolled back"])).rows).toEqual([{ n: 0 }]);
    await expect(statements.query("select nonsense from notes where id = $1", [1])).rejects.toThrow(/nonsense/);
    await expect(statements.query("select nonsense from notes where id = $1", [1])).rejects.toThrow(/nonsense/);
  });

  it("keeps at most its limit, closing the least recently used, and never prepares a statement run once", async () => {
    const before = (await preparedNames()).length;
    const statements = new PreparedStatements(db, { limit: 3 });
    const text = (n: number) => `select ${n} as n, count(*) from notes where id > $1`;
    await statements.query(text(100), [0]);
    expect(await preparedNames()).toHaveLength(before);
    for (let round = 0; round < 2; round++) for (let n = 1; n <= 5; n++) await statements.query(text(n), [0]);
    await statements.query(text(1), [0]); // prepared again; closing the oldest on its way
    expect((await preparedNames()).length - before).toBeLessThanOrEqual(3);
    expect((await statements.query(text(5), [0])).rows[0]).toMatchObject({ n: 5 });
  });

  it("prepares a statement again when a change to its table alters the columns it returns", async () => {
    const statements = new PreparedStatements(db);
    await db.exec("create table shapes (id int primary key, name text); insert into shapes values (1, 'circle')");
    const select = "select * from shapes where id = $1";
    await statements.query(select, [1]);
    expect((await statements.query(select, [1])).rows).toEqual([{ id: 1, name: "circle" }]);
    await db.exec("alter table shapes add column sides int not null default 0");
    expect((await statements.query(select, [1])).rows).toEqual([{ id: 1, name: "circle", sides: 0 }]);
    expect((await statements.query(select, [1])).rows).toEqual([{ id: 1, name: "circle", sides: 0 }]);
  });
});
