import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imports } from "#database/schema";
import { importBucket, maxImportFileBytes } from "#app/lib/import-limits";
import { anAccount } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

// The Import & Export screen's server side: who may use it, what a refused file answers, and that
// an export waiting to be imported (it may hold e-mail addresses) is never served.

let server: TestServer;
let admin: CookieJar;
let editor: CookieJar;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "false", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  admin = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
  const account = await anAccount(server.services.db, { role: "editor", displayName: "An editor" });
  editor = await signInOverHttp(server.url, account.email, account.password);
});
afterAll(() => server.close());

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "../fixtures/import", name));

function upload(file: Blob | null, fileName: string, jar: CookieJar, fields: Record<string, string> = {}) {
  const form = new FormData();
  if (file) form.set("file", file, fileName);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return fetch(`${server.url}/admin/import`, { method: "POST", body: form, redirect: "manual", headers: { Origin: server.url, Cookie: jar.header() } });
}

describe(`the Import & Export screen (${testDatabaseKind})`, () => {
  it("previews an upload, keeps the file out of reach of readers, and cancels it", async () => {
    const response = await upload(new Blob([fixture("wordpress-importer-small-export.xml")]), "small-export.xml", admin);
    expect(response.status).toBe(302);
    const importId = new URL(response.headers.get("Location")!, server.url).searchParams.get("import")!;
    const [row] = await server.services.db.select().from(imports).where(eq(imports.id, importId));
    expect(row).toMatchObject({ status: "previewed", format: "wordpress", fileName: "small-export.xml" });
    // Stored, but never served at its storage address, even to someone who learns the name.
    expect(await server.services.storage.read(importBucket, row!.fileKey!)).not.toBeNull();
    expect((await fetch(`${server.url}/uploads/${importBucket}/${row!.fileKey}`)).status).toBe(404);

    const page = await fetch(`${server.url}/admin/import?import=${importId}`, { headers: { Cookie: admin.header() } });
    expect(await page.text()).toMatch(/Preview of (<!-- -->)?small-export\.xml/);

    const cancel = await fetch(`${server.url}/admin/import`, {
      method: "POST",
      body: new URLSearchParams({ intent: "discard", importId }),
      redirect: "manual",
      headers: { Origin: server.url, Cookie: admin.header(), "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(cancel.status).toBe(302);
    expect(await server.services.db.select().from(imports).where(eq(imports.id, importId))).toEqual([]);
    expect(await server.services.storage.read(importBucket, row!.fileKey!)).toBeNull();
  });

  it("refuses a missing, hostile or oversized file with its reason and keeps the address typed", async () => {
    const missing = await upload(null, "", admin, { siteUrl: "https://old.example" });
    expect(missing.status).toBe(400);

    const lolz = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa">]><rss><channel><title>&a;</title></channel></rss>';
    const hostile = await upload(new Blob([lolz]), "lolz.xml", admin, { siteUrl: "https://old.example" });
    expect(hostile.status).toBe(400);

    // Just over the limit: the screen's own refusal (the web server's 413 is for far larger bodies).
    const oversized = await upload(new Blob([Buffer.alloc(maxImportFileBytes + 1, 0x20)]), "huge.xml", admin);
    expect(oversized.status).toBe(400);
    expect(await server.services.db.select().from(imports)).toEqual([]);

    const page = await fetch(`${server.url}/admin/import.data`, {
      method: "POST",
      body: (() => {
        const form = new FormData();
        form.set("file", new Blob([lolz]), "lolz.xml");
        form.set("siteUrl", "https://old.example");
        return form;
      })(),
      headers: { Origin: server.url, Cookie: admin.header() },
    });
    const body = await page.text();
    expect(body).toContain("lolz.xml declares XML entities in a DOCTYPE");
    expect(body).toContain("https://old.example");
  });

  it("is for admins: an editor can neither import nor download the export", async () => {
    expect((await upload(new Blob([fixture("wordpress-importer-small-export.xml")]), "small-export.xml", editor)).status).toBe(403);
    expect((await fetch(`${server.url}/admin/import`, { headers: { Cookie: editor.header() }, redirect: "manual" })).status).toBe(403);
    expect((await fetch(`${server.url}/admin/import/ghost-export.json`, { headers: { Cookie: editor.header() }, redirect: "manual" })).status).toBe(403);
    expect(await server.services.db.select().from(imports)).toEqual([]);
  });
});
