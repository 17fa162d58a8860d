import pino from "pino";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleAutosaves, categories, comments, communityQuestions, contactMessages, newsletterSubscribers, profiles, teamMembers } from "#database/schema";
import { anAccount, anArticle } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";

let server: TestServer;
let admin: CookieJar;
let reader: CookieJar;
let articleId: string;
const logged: string[] = [];

beforeAll(async () => {
  server = await startTestServer(
    { OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret", TRUST_PROXY: "1" },
    { log: pino({ level: "info" }, { write: (line: string) => void logged.push(line) }) },
  );
  admin = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
  const account = await anAccount(server.services.db, { displayName: "Careful Reader" });
  reader = await signInOverHttp(server.url, account.email, account.password);
  articleId = (await anArticle(server.services.db, { title: "Clean Refusals" })).id;
});
afterAll(() => server.close());

let address = 0;
/** A form post as a browser sends it (or, with `contentType`, as a script might), from an address of its own. */
function post(path: string, body: string, options: { jar?: CookieJar; contentType?: string } = {}) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.url,
      "Content-Type": options.contentType ?? "application/x-www-form-urlencoded",
      "X-Forwarded-For": `198.18.0.${++address}`,
      ...(options.jar ? { Cookie: options.jar.header() } : {}),
    },
    body,
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const count = (table: PgTable) => server.services.db.$count(table);

interface FormCase {
  name: string;
  path: string | (() => string);
  fields: Record<string, string>;
  /** What the form says when it refuses what was sent. */
  usual: string;
  /** Where it stores what it takes. */
  table: PgTable;
  jar?: () => CookieJar;
}

/** Every kind of form, with the fields a person would fill in, one of them holding `text`. */
const forms = (text: string): FormCase[] => [
  {
    name: "contact",
    path: "/contact",
    fields: { firstName: "Mutinta", lastName: "Hamoonga", email: "m@example.com", subject: "Story", message: text },
    usual: "Please correct the highlighted fields.",
    table: contactMessages,
  },
  {
    name: "Ask Kafundisha",
    path: "/ask-kafundisha",
    fields: { title: text, categories: "curriculum", description: "How do I plan for mixed ages?" },
    usual: "Please correct the highlighted fields.",
    table: communityQuestions,
  },
  {
    name: "a comment",
    path: () => `/articles/${articleId}`,
    fields: { content: text },
    usual: "Please write your comment.",
    table: comments,
    jar: () => reader,
  },
  { name: "the newsletter", path: "/newsletter", fields: { email: `n${text}@example.com` }, usual: "Email is required.", table: newsletterSubscribers },
  {
    name: "sign-up",
    path: "/auth",
    fields: { intent: "sign-up", email: `s${text}@example.com`, password: "a-long-passphrase" },
    usual: "Email is required.",
    table: profiles,
  },
  {
    name: "a category (admin)",
    path: "/admin/categories",
    fields: { intent: "save", name: text, slug: "nul-category", description: "", icon: "" },
    usual: "Invalid request.",
    table: categories,
    jar: () => admin,
  },
  {
    name: "a team member (admin)",
    path: "/admin/team/new",
    fields: { name: text, position: "Columnist", bio: "", photoUrl: "", active: "on", orderIndex: "0" },
    usual: "Full name is required.",
    table: teamMembers,
    jar: () => admin,
  },
];

describe(`clean refusals (${testDatabaseKind})`, () => {
  it("answers a NUL byte in any form with 400 and the form's usual message, storing nothing", async () => {
    for (const { name, path, fields, usual, table, jar } of forms("Hello\u0000there")) {
      const before = await count(table);
      const response = await post(typeof path === "string" ? path : path(), form(fields), { jar: jar?.() });
      expect(response.status, name).toBe(400);
      expect(await response.text(), name).toContain(usual);
      expect(await count(table), name).toBe(before);
    }
  });

  it("answers a JSON or plain-text body sent to a form with 400, storing nothing", async () => {
    for (const { name, path, fields, usual, table, jar } of forms("Hello")) {
      for (const [contentType, body] of [
        ["application/json", JSON.stringify(fields)],
        ["text/plain", form(fields)],
      ] as const) {
        const before = await count(table);
        const response = await post(typeof path === "string" ? path : path(), body, { jar: jar?.(), contentType });
        expect(response.status, `${name} as ${contentType}`).toBe(400);
        expect(await response.text(), name).toContain(usual);
        expect(await count(table), name).toBe(before);
      }
    }
    const dataSaver = await post("/data-saver", JSON.stringify({ on: "on" }), { contentType: "application/json" });
    expect(dataSaver.status).toBe(400);
    expect(dataSaver.headers.get("set-cookie")).toBeNull();
    const preview = await post("/admin/articles/preview", JSON.stringify({ content: "# Hi" }), { jar: admin, contentType: "application/json" });
    expect(preview.status).toBe(400);
    // The account forms answer as they answer a link that is no longer good, or a form left empty.
    for (const [path, usual] of [
      ["/auth/forgot", "Email is required."],
      ["/auth/reset", "Password is required."],
      ["/account/email/undo", "This link has expired or was already used."],
    ] as const) {
      const response = await post(path, JSON.stringify({ email: "a@example.com", token: "t", password: "a-long-passphrase" }), {
        contentType: "application/json",
      });
      expect(response.status, path).toBe(400);
      expect(await response.text(), path).toContain(usual);
    }
    const account = await post("/account", JSON.stringify({ intent: "display-name", displayName: "Renamed" }), {
      jar: reader,
      contentType: "application/json",
    });
    expect(account.status).toBe(400);
  });

  it("answers a NUL byte in an address or a search with 400, before any loader", async () => {
    for (const path of ["/articles?q=%00", "/articles?q=a%00b&sort=newest", "/category/%00", "/tag/x%00?q=y", "/articles.data?q=%00"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(400);
      await response.text();
    }
    const adminSearch = await fetch(`${server.url}/admin/users?q=%00`, { headers: { Cookie: admin.header() } });
    expect(adminSearch.status).toBe(400);
    expect(await adminSearch.text()).toContain("cannot be read");
    expect((await fetch(`${server.url}/articles?q=%2500`)).status).toBe(200); // "%00" typed as text is a search like any other
  });

  it("refuses a NUL byte sent as JSON to the editor's autosave and the AI writer, storing nothing", async () => {
    const before = await count(articleAutosaves);
    const autosave = await post("/admin/articles/autosave", JSON.stringify({ articleKey: "new", values: { title: "A\u0000B", content: "x" } }), {
      jar: admin,
      contentType: "application/json",
    });
    expect(autosave.status).toBe(400);
    expect(await count(articleAutosaves)).toBe(before);
    const generate = await post("/api/ai/generate", JSON.stringify({ prompt: "Write\u0000", type: "article" }), {
      jar: admin,
      contentType: "application/json",
    });
    expect(generate.status).toBe(400);
  });

  it("logged no failure, and no value sent, for any of it", () => {
    const written = logged.join("\n");
    expect(written).not.toContain("request failed");
    expect(written).not.toContain("Hello");
  });
});
