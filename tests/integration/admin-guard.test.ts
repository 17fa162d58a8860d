import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "#app/server/auth/auth.server";
import { selectRows } from "#app/server/db/types.server";
import { testDatabaseKind } from "#tests/helpers/database";
import { anAccount } from "#tests/factories";
import { can, mayOpen, type Ability } from "#app/lib/access";
import { CookieJar, signInOverHttp, startTestServer, type TestServer } from "#tests/helpers/server";

let server: TestServer;
let reader: CookieJar;
let adminPaths: string[];
const someId = "00000000-0000-4000-8000-000000000000";
// Staff-only endpoints outside /admin.
const staffEndpoints = ["/api/ai/generate", "/functions/v1/zambia-news-scanner"];

/** Every route under the admin layout, from the built app itself, with ids filled in. */
async function listAdminPaths(): Promise<string[]> {
  const build = (await import(pathToFileURL(path.resolve(import.meta.dirname, "../../build/server/index.js")).href)) as ServerBuild;
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id]!;
    const parent = route.parentId && route.parentId !== "root" ? fullPath(route.parentId) : "";
    return route.index ? parent : `${parent}/${route.path ?? ""}`.replace(/\/+/g, "/");
  };
  const isUnderAdmin = (id: string): boolean => id === "routes/admin/layout" || (!!routes[id]?.parentId && isUnderAdmin(routes[id]!.parentId!));
  return Object.keys(routes)
    .filter(isUnderAdmin)
    .map((id) =>
      fullPath(id)
        .replace(/:[a-zA-Z]+/g, someId)
        .replace(/\*$/, "anything"),
    )
    .map((route) => (route.endsWith("/") && route !== "/" ? route.slice(0, -1) : route));
}

/** A fingerprint of every table: any change by a refused request shows up here. */
async function databaseFingerprint(): Promise<string> {
  const tables = await selectRows<{ name: string }>(
    server.services.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' and tablename not in ('rate_limits', 'sessions') order by 1`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const [row] = await selectRows<{ digest: string }>(
      server.services.db,
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(name)} t`,
    );
    parts.push(`${name}:${row!.digest}`);
  }
  return parts.join("\n");
}

function send(url: string, method: "GET" | "POST", cookie?: string) {
  const headers: Record<string, string> = { Origin: server.url };
  if (cookie) headers.Cookie = cookie;
  const body =
    method === "POST"
      ? new URLSearchParams({
          intent: "delete",
          id: someId,
          title: "Hacked",
          name: "Hacked",
          slug: "hacked",
          content: "x",
          status: "approved",
          role: "admin",
          action: "scan-trending",
        })
      : undefined;
  return fetch(url, { method, headers, body, redirect: "manual" });
}

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  await signUp({ email: "reader@example.com", password: "reader-secret" }, { ip: "127.0.0.1" });
  reader = await signInOverHttp(server.url, "reader@example.com", "reader-secret");
  adminPaths = await listAdminPaths();
});
afterAll(() => server.close());

describe(`every admin route and mutation is refused to non-admins (${testDatabaseKind})`, () => {
  it("finds the admin routes in the build", () => {
    expect(adminPaths).toEqual(expect.arrayContaining(["/admin", "/admin/articles", "/admin/categories", "/admin/users", "/admin/uploads"]));
    expect(adminPaths.length).toBeGreaterThanOrEqual(17);
  });

  it("sends anonymous callers to sign in (pages) or answers 401, and changes nothing", async () => {
    const before = await databaseFingerprint();
    for (const route of adminPaths) {
      for (const method of ["GET", "POST"] as const) {
        const response = await send(`${server.url}${route}`, method);
        expect([302, 401], `${method} ${route}`).toContain(response.status);
        if (response.status === 302) expect(response.headers.get("location"), `${method} ${route}`).toMatch(/^\/auth\?redirectTo=/);
        const data = await send(`${server.url}${route === "/admin" ? "/admin/_root" : route}.data`, method);
        // Data requests carry the redirect inside a 202 answer (single fetch), or are refused outright.
        expect([202, 401, 403], `${method} ${route}.data`).toContain(data.status);
        if (data.status === 202) expect(await data.text(), `${method} ${route}.data`).toContain("/auth?redirectTo=");
      }
    }
    for (const endpoint of staffEndpoints) expect((await send(`${server.url}${endpoint}`, "POST")).status, endpoint).toBe(401);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("answers 403 to a signed-in reader everywhere, and changes nothing", async () => {
    const before = await databaseFingerprint();
    for (const route of adminPaths) {
      for (const method of ["GET", "POST"] as const) {
        expect((await send(`${server.url}${route}`, method, reader.header())).status, `${method} ${route}`).toBe(403);
        expect(
          (await send(`${server.url}${route === "/admin" ? "/admin/_root" : route}.data`, method, reader.header())).status,
          `${method} ${route}.data`,
        ).toBe(403);
      }
    }
    for (const endpoint of staffEndpoints) expect((await send(`${server.url}${endpoint}`, "POST", reader.header())).status, endpoint).toBe(403);
    expect(await databaseFingerprint()).toBe(before);
  });
});

describe(`each staff role opens what the table in app/lib/access.ts gives it, and is refused the rest (${testDatabaseKind})`, () => {
  const staffEndpointAbilities: Record<string, Ability> = { "/api/ai/generate": "useAiWriter", "/functions/v1/zambia-news-scanner": "scanNews" };

  it.each(["contributor", "author", "editor"] as const)("%s", async (role) => {
    const account = await anAccount(server.services.db, { role });
    const session = await signInOverHttp(server.url, account.email, account.password);
    const before = await databaseFingerprint();
    const opened: string[] = [];
    for (const route of adminPaths) {
      const allowed = mayOpen(role, route);
      const page = await send(`${server.url}${route}`, "GET", session.header());
      const data = await send(`${server.url}${route === "/admin" ? "/admin/_root" : route}.data`, "GET", session.header());
      if (allowed) {
        expect(page.status, `GET ${route}`).not.toBe(403);
        opened.push(route);
      } else {
        // The dashboard sends those who may not see it to their articles.
        if (route === "/admin") expect([page.status, page.headers.get("location")], "GET /admin").toEqual([302, "/admin/articles"]);
        else expect(page.status, `GET ${route}`).toBe(403);
        expect([202, 403], `GET ${route}.data`).toContain(data.status);
        if (data.status === 202) expect(await data.text(), `GET ${route}.data`).toContain("/admin/articles");
        expect((await send(`${server.url}${route}`, "POST", session.header())).status, `POST ${route}`).toBe(403);
      }
    }
    for (const [endpoint, ability] of Object.entries(staffEndpointAbilities)) {
      const status = (await send(`${server.url}${endpoint}`, "POST", session.header())).status;
      if (can(role, ability)) expect(status, endpoint).not.toBe(403);
      else expect(status, endpoint).toBe(403);
    }
    expect(await databaseFingerprint()).toBe(before);
    // What each role opens, as the README's table says.
    const screens = { contributor: ["/admin/articles", "/admin/media", "/admin/profile"], author: ["/admin/articles", "/admin/media", "/admin/profile"] };
    if (role !== "editor") expect(opened.filter((route) => !/\/(new|preview|autosave|uploads|attention|[0-9a-f-]{36})$/.test(route))).toEqual(screens[role]);
    else expect(opened).toEqual(expect.arrayContaining(["/admin", "/admin/categories", "/admin/comments", "/admin/media", "/admin/articles/ai-writer"]));
    if (role === "editor")
      for (const refused of ["/admin/users", "/admin/settings", "/admin/newsletter", "/admin/analytics", "/admin/inbox", "/admin/team"])
        expect(opened).not.toContain(refused);
  });
});
