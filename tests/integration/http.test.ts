import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "#app/server/auth/auth.server";
import { demoArticles } from "#database/seed/demo-content";
import { testDatabaseKind } from "#tests/helpers/database";
import { CookieJar, signInOverHttp, startTestServer, type TestServer } from "#tests/helpers/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  await signUp({ email: "plain@example.com", password: "plain-secret" }, { ip: "127.0.0.1" });
});
afterAll(() => server.close());

describe(`the server over HTTP (${testDatabaseKind})`, () => {
  it("renders the home page on the server with the demo magazine", async () => {
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("THE EDUCATOR");
    expect(html).toContain("Featured Articles");
    expect(html).toContain("Latest Insights");
    const newest = demoArticles.filter((article) => article.status === "published").sort((a, b) => a.daysAgo - b.daysAgo)[0]!;
    expect(html).toContain(newest.title.replace(/&/g, "&amp;").replace(/"/g, "&quot;"));
    for (const draft of demoArticles.filter((article) => article.status === "draft")) expect(html).not.toContain(draft.title);
    expect(html.match(/href="\/articles\/[0-9a-f-]{36}"/g)?.length).toBeGreaterThanOrEqual(6);
  });

  it("sends hydrated pages a fresh CSP nonce that every inline script but the theme script carries", async () => {
    const [first, second] = await Promise.all([fetch(`${server.url}/contact`), fetch(`${server.url}/contact`)]);
    const csp = first.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    // A page rendered for this reader keeps other sites' windows out of its process.
    expect(first.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>[^<]{0,20}/g)!;
    expect(scripts.length).toBeGreaterThan(1);
    const [theme, ...others] = scripts;
    expect(theme).toMatch(/^<script>\(function\(\)/);
    for (const tag of others) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("allows the theme script and the reader script's loader by their hashes, so reader pages carry no nonce and can be shared", async () => {
    const response = await fetch(server.url);
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).not.toContain("'nonce-");
    const html = await response.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>([^<]+)<\/script>/g)];
    expect(inline.map(([, attributes]) => attributes)).toEqual(["", expect.stringMatching(/^ data-src="\/assets\/enhance-[\w-]+\.js"$/)]);
    for (const [, , code] of inline) expect(csp).toContain(`'sha256-${crypto.createHash("sha256").update(code!).digest("base64")}'`);
    expect(html).not.toContain("nonce=");
    expect(html).not.toMatch(/<script\b[^>]*\ssrc=/); // the reader script is imported once the page has painted
  });

  it("serves hashed assets with an immutable year-long cache, compressed", async () => {
    const html = await (await fetch(server.url)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
    const response = await fetch(server.url + asset, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("answers unknown URLs with the 404 page and status 404", async () => {
    const response = await fetch(`${server.url}/no/such/page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain("Return to Home");
  });

  it("reports health with the database state", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "up" });
  });

  it("sends anonymous visitors of /admin to sign in", async () => {
    const response = await fetch(`${server.url}/admin/articles`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?redirectTo=%2Fadmin%2Farticles");
  });

  it("after sign-in, sends a redirectTo that leads off the site to the home page instead", async () => {
    const payloads = ["//evil.example", "/\\evil.example", "/\t/evil.example", "/\n/evil.example", "https://evil.example", "javascript:alert(1)"];
    // Paths that only resolve to "//evil.example" once "." and ".." segments are read.
    payloads.push("/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/./\\/evil.example");
    for (const payload of payloads) {
      const response = await fetch(`${server.url}/auth?redirectTo=${encodeURIComponent(payload)}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "sign-in", email: "owner@example.com", password: "owner-secret" }),
      });
      expect(response.status, JSON.stringify(payload)).toBe(302);
      expect(response.headers.get("location"), JSON.stringify(payload)).toBe("/");
    }
  });

  it("sends the data saver's way back home when it leads off the site", async () => {
    for (const back of ["/.//evil.example", "/..//evil.example", "//evil.example", "/articles"]) {
      const response = await fetch(`${server.url}/data-saver`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ on: "on", back }),
      });
      expect(response.status, back).toBe(303);
      expect(response.headers.get("location"), back).toBe(back === "/articles" ? "/articles" : "/");
    }
  });

  it("signs in with an HttpOnly SameSite session cookie and shows the admin area to the owner", async () => {
    const response = await fetch(`${server.url}/auth?redirectTo=/admin`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "sign-in", email: "owner@example.com", password: "owner-secret" }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
    const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("educator_session="))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const jar = new CookieJar();
    jar.store(response);
    const admin = await fetch(`${server.url}/admin`, { headers: { Cookie: jar.header() } });
    expect(admin.status).toBe(200);
    expect(admin.headers.get("cache-control")).toBe("private, no-store");
    const html = await admin.text();
    expect(html).toContain("The Educator - Admin");
    expect(html).toContain("Registered users");
    // Whatever a signed-in browser is sent is kept by no cache, resource routes and data requests included.
    for (const path of ["/api/session", "/admin/articles.data", "/articles.data", "/admin/no-such-screen"]) {
      const response = await fetch(`${server.url}${path}`, { headers: { Cookie: jar.header() } });
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("refuses every admin page and admin data request to a signed-in non-admin with 403", async () => {
    const jar = await signInOverHttp(server.url, "plain@example.com", "plain-secret");
    for (const path of ["/admin", "/admin/articles", "/admin/users", "/admin/settings", "/admin/anything"]) {
      const page = await fetch(`${server.url}${path}`, { headers: { Cookie: jar.header() } });
      expect(page.status, path).toBe(403);
      expect(await page.text()).toContain("Access denied. Admin privileges required.");
      const data = await fetch(`${server.url}${path === "/admin" ? "/admin/_root" : path}.data`, { headers: { Cookie: jar.header() } });
      expect(data.status, `${path}.data`).toBe(403);
    }
    const home = await (await fetch(server.url, { headers: { Cookie: jar.header() } })).text();
    expect(home).not.toContain("Admin Dashboard");
  });

  it("refuses a state-changing request sent from another site", async () => {
    const response = await fetch(`${server.url}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "sign-in", email: "owner@example.com", password: "owner-secret" }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Cross-site request refused." });
  });

  it("signs out: the session stops working", async () => {
    const jar = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
    const cookieBefore = jar.header();
    const response = await fetch(`${server.url}/sign-out`, { method: "POST", redirect: "manual", headers: { Cookie: cookieBefore, Origin: server.url } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const session = await (await fetch(`${server.url}/api/session`, { headers: { Cookie: cookieBefore } })).json();
    expect(session).toEqual({ user: null });
  });
});

describe(`a site served over https (${testDatabaseKind})`, () => {
  it("names the session cookie __Host- and makes it Secure, for this host and every path", async () => {
    // Behind a TLS proxy that says which address the browser used.
    const secure = await startTestServer({
      PUBLIC_URL: "https://educator.example",
      TRUST_PROXY: "1",
      OWNER_EMAIL: "owner@example.com",
      OWNER_PASSWORD: "owner-secret",
    });
    try {
      const response = await fetch(`${secure.url}/auth`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: "https://educator.example",
          "X-Forwarded-Proto": "https",
          "X-Forwarded-Host": "educator.example:443",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ intent: "sign-in", email: "owner@example.com", password: "owner-secret" }),
      });
      expect(response.status).toBe(302);
      const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("__Host-educator_session="))!;
      expect(session).toMatch(/; Secure/i);
      expect(session).toMatch(/; Path=\//i);
      expect(session).not.toMatch(/Domain=/i);
      const jar = new CookieJar();
      jar.store(response);
      const admin = await fetch(`${secure.url}/admin`, { headers: { Cookie: jar.header() } });
      expect(admin.status).toBe(200);
    } finally {
      await secure.close();
    }
  });
});
