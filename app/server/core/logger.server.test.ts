import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";

function capture() {
  const lines: string[] = [];
  const log = createLogger("info", { write: (line: string) => void lines.push(line) });
  return { log, written: () => lines.join("") };
}

describe("createLogger", () => {
  it("writes no password, token, cookie, email, name or message body, at the top or one level down", () => {
    const { log, written } = capture();
    log.info(
      {
        email: "a@example.com",
        password: "hunter22",
        headers: { cookie: "educator_session=abc" },
        link: { token: "t0ken" },
        contact: { firstName: "Mutinta", content: "My school's story" },
        articleId: "kept",
      },
      "signed in",
    );
    for (const secret of ["a@example.com", "hunter22", "educator_session=abc", "t0ken", "Mutinta", "My school's story"])
      expect(written()).not.toContain(secret);
    expect(written()).toContain("[redacted]");
    expect(written()).toContain('"articleId":"kept"');
  });
});

describe("a failed query in the log", () => {
  const database = new PGlite();
  const db = drizzle(database);
  beforeAll(async () => {
    await db.execute(sql`create table people (id uuid primary key, email text unique, name text not null)`);
    await db.execute(sql`insert into people values ('6f1c2b9e-8a4d-4f6b-9c2e-1a7d5e4b3c21', ${"chipo@example.com"}, ${"Chipo Mwale"})`);
  });
  afterAll(() => database.close());

  /** Runs the query, which must fail, and logs its error as the server does. */
  async function loggedFailure(query: ReturnType<typeof sql>): Promise<string> {
    const error = await db.execute(query).then(
      () => {
        throw new Error("the query was accepted");
      },
      (failure: unknown) => failure,
    );
    const { log, written } = capture();
    log.error({ err: error }, "request failed");
    return written();
  }

  it("keeps the statement and the database's reason, never a parameter's value", async () => {
    const duplicate = await loggedFailure(sql`insert into people values (gen_random_uuid(), ${"chipo@example.com"}, ${"Someone Else"})`);
    expect(duplicate).toContain("insert into people values (gen_random_uuid(), $1, $2)");
    expect(duplicate).toContain('"code":"23505"');
    expect(duplicate).toContain("people_email_key");
    for (const value of ["chipo@example.com", "Someone Else"]) expect(duplicate).not.toContain(value);

    const nul = await loggedFailure(sql`insert into people values (gen_random_uuid(), ${"nul@example.com"}, ${"A message\u0000with a NUL"})`);
    expect(nul).toContain("invalid byte sequence");
    for (const value of ["nul@example.com", "A message", "with a NUL"]) expect(nul).not.toContain(value);

    // The database quotes a value it cannot read: the quote is cut.
    const badId = await loggedFailure(sql`select * from people where id = ${"Dear editor, my address is 4 Kabulonga Road"}`);
    expect(badId).toContain("invalid input syntax for type uuid");
    expect(badId).not.toContain("Kabulonga");
  });

  it("leaves email addresses out of any error's message", () => {
    const { log, written } = capture();
    log.error({ err: new Error("550 Recipient <teacher@school.example> rejected") }, "mail failed");
    expect(written()).toContain("550 Recipient <[email]> rejected");
    expect(written()).not.toContain("teacher@school.example");
  });
});
