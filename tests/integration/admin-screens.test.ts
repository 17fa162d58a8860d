import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, categories, comments, profiles, teamMembers, users } from "#database/schema";
import { demoCategories, demoComments } from "#database/seed/demo-content";
import { signUp } from "#app/server/auth/auth.server";
import { ownerUserId } from "#app/server/auth/owner.server";
import type { AppDb } from "#app/server/db/types.server";
import { testDatabaseKind } from "#tests/helpers/database";
import { postForm, type CookieJar, signInOverHttp, startTestServer, type TestServer } from "#tests/helpers/server";

let server: TestServer;
let db: AppDb;
let admin: CookieJar;
let plainUser: CookieJar;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret" });
  db = server.services.db;
  await signUp({ email: "plain@example.com", password: "plain-secret" }, { ip: "127.0.0.1" });
  admin = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
  plainUser = await signInOverHttp(server.url, "plain@example.com", "plain-secret");
});
afterAll(() => server.close());

/** A browser form POST (what a form without JavaScript sends), optionally signed in. */
const post = (path: string, fields: Record<string, string>, jar?: CookieJar) => postForm(server.url, path, fields, jar);

function get(path: string, jar?: CookieJar) {
  return fetch(`${server.url}${path}`, { redirect: "manual", headers: jar ? { Cookie: jar.header() } : {} });
}

async function pageText(path: string) {
  const response = await get(path, admin);
  expect(response.status, path).toBe(200);
  return response.text();
}

const categoryBySlug = async (slug: string) => (await db.select().from(categories).where(eq(categories.slug, slug)))[0];
const commentByContent = async (content: string) => (await db.select().from(comments).where(eq(comments.content, content)))[0]!;
const profileOf = async (id: string) => (await db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
const teamMemberNamed = async (name: string) => (await db.select().from(teamMembers).where(eq(teamMembers.name, name)))[0];
const userIdOf = async (email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describe(`admin categories, comments, users and team over HTTP (${testDatabaseKind})`, () => {
  it("lists categories in the site's order (by place, then by name) with their count", async () => {
    const html = await pageText("/admin/categories");
    expect(html).toContain(`(${demoCategories.length})`);
    const place = (category: (typeof demoCategories)[number]) => category.position ?? Number.MAX_SAFE_INTEGER;
    const names = [...demoCategories].sort((a, b) => place(a) - place(b) || a.name.localeCompare(b.name)).map((category) => category.name);
    const positions = names.map((name) => html.indexOf(`>${name.replace(/&/g, "&amp;")}</td>`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("creates, updates and deletes a category with trimming, slug normalisation and the spec's toasts", async () => {
    const created = await post(
      "/admin/categories",
      { intent: "save", name: "  Early Years ", slug: " Early  Years!! ", description: "  ", icon: " Baby " },
      admin,
    );
    expect(created.status).toBe(200);
    expect(await created.text()).toContain("Category created successfully.");
    const row = (await categoryBySlug("early-years"))!;
    expect(row).toMatchObject({ name: "Early Years", description: null, icon: "Baby" });

    const updated = await post(
      "/admin/categories",
      { intent: "save", id: row.id, name: "Early Childhood", slug: "early-childhood", description: "Play first", icon: "" },
      admin,
    );
    expect(updated.status).toBe(200);
    expect(await updated.text()).toContain("Category updated successfully.");
    expect(await categoryBySlug("early-childhood")).toMatchObject({ id: row.id, name: "Early Childhood", description: "Play first", icon: null });

    const deleted = await post("/admin/categories", { intent: "delete", id: row.id }, admin);
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain("Category deleted successfully.");
    expect(await categoryBySlug("early-childhood")).toBeUndefined();
  });

  it("refuses a category without name or slug, keeping what was typed, and a taken slug", async () => {
    const before = await db.select({ n: count() }).from(categories);
    const missing = await post("/admin/categories", { intent: "save", name: "Typed name kept", slug: "!!!", description: "", icon: "" }, admin);
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain("Missing fields");
    expect(html).toContain("Name and slug are required.");
    expect(html).toContain("Typed name kept");
    const taken = await post("/admin/categories", { intent: "save", name: "Again", slug: "health", description: "", icon: "" }, admin);
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("is already used by another category.");
    expect(await db.select({ n: count() }).from(categories)).toEqual(before);
  });

  it("refuses to delete a category that articles use, saying how many", async () => {
    const used = (await categoryBySlug("education-news"))!;
    const [usage] = await db.select({ n: count() }).from(articles).where(eq(articles.categoryId, used.id));
    expect(usage!.n).toBeGreaterThan(1);
    const response = await post("/admin/categories", { intent: "delete", id: used.id }, admin);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(`This category is used by ${usage!.n} articles. Move them to another category first.`);
    expect(await categoryBySlug("education-news")).toBeDefined();
  });

  it("lists comments newest first, searches content, article title and user id, and filters by status", async () => {
    const all = await pageText("/admin/comments");
    const newest = demoComments[0]!.content;
    const oldest = demoComments.at(-1)!.content;
    expect(all.indexOf(newest)).toBeGreaterThan(0);
    expect(all.indexOf(newest)).toBeLessThan(all.indexOf(oldest));
    expect(all).toContain(">anon</code>");

    const byContent = await pageText("/admin/comments?q=plastic-bag");
    expect(byContent).toContain("Plastic-bag balls are still the best!");
    expect(byContent).not.toContain("garden club");

    const [withTitle] = await db
      .select({ title: articles.title, content: comments.content })
      .from(comments)
      .innerJoin(articles, eq(articles.id, comments.articleId))
      .where(eq(comments.content, demoComments.find((comment) => comment.articleKey === "school-garden-enterprise")!.content));
    const byTitle = await pageText(`/admin/comments?q=${encodeURIComponent(withTitle!.title.slice(0, 20).toUpperCase())}`);
    expect(byTitle).toContain("garden club");
    expect(byTitle).not.toContain("Plastic-bag balls");

    const readerId = await userIdOf("reader@the-educator.local");
    const byUser = await pageText(`/admin/comments?q=${readerId.slice(0, 13)}`);
    for (const comment of demoComments) expect(byUser.includes(comment.content.slice(0, 30)), comment.content).toBe(comment.byReader);

    const rejected = await pageText("/admin/comments?status=rejected");
    expect(rejected).toContain("EARN K5,000 DAILY");
    expect(rejected).not.toContain("Plastic-bag balls");
    const nothing = await pageText("/admin/comments?q=%25no_such%25");
    expect(nothing).toContain("No comments found.");
  });

  it("approves and rejects a comment in one step from any state, and deletes it", async () => {
    const pending = await commentByContent(demoComments[1]!.content);
    expect(pending.status).toBe("pending");
    const approved = await post("/admin/comments", { intent: "status", id: pending.id, status: "approved" }, admin);
    expect(approved.status).toBe(200);
    expect(await approved.text()).toContain("Comment marked as approved.");
    expect((await commentByContent(pending.content)).status).toBe("approved");
    const rejected = await post("/admin/comments", { intent: "status", id: pending.id, status: "rejected" }, admin);
    expect(await rejected.text()).toContain("Comment marked as rejected.");
    expect((await commentByContent(pending.content)).status).toBe("rejected");

    const refused = await post("/admin/comments", { intent: "status", id: pending.id, status: "pending" }, admin);
    expect(refused.status).toBe(400);
    expect((await commentByContent(pending.content)).status).toBe("rejected");

    const deleted = await post("/admin/comments", { intent: "delete", id: pending.id }, admin);
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain("Comment removed.");
    expect(await db.select().from(comments).where(eq(comments.id, pending.id))).toEqual([]);
  });

  it("lists users newest first, searches name, id and bio, and filters by role", async () => {
    const plainId = await userIdOf("plain@example.com");
    const readerId = await userIdOf("reader@the-educator.local");
    await db.update(profiles).set({ bio: "Teaches Grade 7 mathematics" }).where(eq(profiles.id, readerId));
    const all = await pageText("/admin/users");
    // Ids as the User ID column holds them: shortened, the whole id kept for its title and copy button.
    const cell = (id: string) => `data-full-id="${id}">${id.slice(0, 8)}</code>`;
    expect(all.indexOf(cell(plainId))).toBeGreaterThan(0);
    expect(all.indexOf(cell(plainId))).toBeLessThan(all.indexOf(cell(readerId)));

    const byName = await pageText("/admin/users?q=mwila");
    expect(byName).toContain(cell(readerId));
    expect(byName).not.toContain(cell(plainId));
    const byId = await pageText(`/admin/users?q=${plainId}`);
    expect(byId).toContain(cell(plainId));
    expect(byId).not.toContain(cell(readerId));
    const byBio = await pageText("/admin/users?q=GRADE%207");
    expect(byBio).toContain(cell(readerId));
    expect(byBio).not.toContain(cell(plainId));

    const owner = (await ownerUserId(db))!;
    const admins = await pageText("/admin/users?role=admin");
    expect(admins).toContain(cell(owner));
    expect(admins).not.toContain(cell(plainId));
    const normal = await pageText("/admin/users?role=user");
    expect(normal).toContain(cell(plainId));
    expect(normal).not.toContain(cell(owner));
  });

  it("edits a profile inline: trimmed, null when empty, updated_at set; the owner keeps the admin role", async () => {
    const plainId = await userIdOf("plain@example.com");
    const before = await profileOf(plainId);
    const saved = await post("/admin/users", { id: plainId, displayName: "  Plain Teacher ", role: "admin", bio: "   " }, admin);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("User updated successfully.");
    const after = await profileOf(plainId);
    expect(after).toMatchObject({ displayName: "Plain Teacher", role: "admin", bio: null });
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    await post("/admin/users", { id: plainId, displayName: "", role: "user", bio: "" }, admin);
    expect(await profileOf(plainId)).toMatchObject({ displayName: null, role: "user" });
    // The promotion signed the account out everywhere; the guard test below needs it signed in.
    expect((await fetch(`${server.url}/admin/users`, { redirect: "manual", headers: { Cookie: plainUser.header() } })).status).toBe(302);
    plainUser = await signInOverHttp(server.url, "plain@example.com", "plain-secret");

    const owner = (await ownerUserId(db))!;
    const ownerBefore = await profileOf(owner);
    const demotion = await post("/admin/users", { id: owner, displayName: "Renamed", role: "user", bio: "" }, admin);
    expect(demotion.status).toBe(400);
    expect(await demotion.text()).toContain("The site owner always keeps the admin role.");
    expect(await profileOf(owner)).toEqual(ownerBefore);
  });

  it("creates, edits and deletes a team member; lists the team by display order", async () => {
    const created = await post("/admin/team/new", { name: " Grace Phiri ", position: "Columnist", bio: "", photoUrl: "", active: "on", orderIndex: "" }, admin);
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/admin/team");
    expect(created.headers.getSetCookie().join(";")).toContain("educator_toast=");
    const member = (await teamMemberNamed("Grace Phiri"))!;
    expect(member).toMatchObject({ position: "Columnist", bio: null, photoUrl: null, active: true, orderIndex: 0 });

    const editPage = await pageText(`/admin/team/${member.id}`);
    expect(editPage).toContain("Grace Phiri");
    const edited = await post(
      `/admin/team/${member.id}`,
      { name: "Grace Phiri", position: "Senior Columnist", bio: "Writes weekly", photoUrl: "/uploads/media/team/g.png", orderIndex: "9" },
      admin,
    );
    expect(edited.status).toBe(302);
    expect(await teamMemberNamed("Grace Phiri")).toMatchObject({ position: "Senior Columnist", bio: "Writes weekly", active: false, orderIndex: 9 });

    const list = await pageText("/admin/team");
    const ordered = await db.select({ name: teamMembers.name }).from(teamMembers).orderBy(asc(teamMembers.orderIndex));
    const positions = ordered.map(({ name }) => list.indexOf(`>${name}</td>`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    const deleted = await post("/admin/team", { id: member.id }, admin);
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain("Team member deleted successfully!");
    expect(await teamMemberNamed("Grace Phiri")).toBeUndefined();
    expect((await get("/admin/team/00000000-0000-0000-0000-000000000000", admin)).status).toBe(404);
  });

  it("refuses a team member without name or position or with a bad display order, keeping what was typed", async () => {
    const before = await db.select({ n: count() }).from(teamMembers);
    for (const [fields, message] of [
      [{ name: "", position: "Typed position kept" }, "Full name is required."],
      [{ name: "Typed name kept", position: " " }, "Position is required."],
      [{ name: "Typed name kept", position: "Writer", orderIndex: "-1" }, "Display order must be a whole number of 0 or more."],
      [{ name: "Typed name kept", position: "Writer", orderIndex: "1.5" }, "Display order must be a whole number of 0 or more."],
    ] as const) {
      const response = await post("/admin/team/new", fields, admin);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      expect(html).toContain("Typed");
    }
    expect(await db.select({ n: count() }).from(teamMembers)).toEqual(before);
  });

  it("refuses every loader and mutation of these screens to anonymous visitors and normal users, changing nothing", async () => {
    const [category] = await db.select().from(categories).orderBy(asc(categories.name)).limit(1);
    const [comment] = await db.select().from(comments).limit(1);
    const [member] = await db.select().from(teamMembers).limit(1);
    const owner = (await ownerUserId(db))!;
    const snapshot = async () => ({
      categories: await db.select().from(categories).orderBy(asc(categories.id)),
      comments: await db.select().from(comments).orderBy(asc(comments.id)),
      profiles: await db.select().from(profiles).orderBy(asc(profiles.id)),
      team: await db.select().from(teamMembers).orderBy(asc(teamMembers.id)),
    });
    const before = await snapshot();
    const pages = [
      "/admin/categories",
      "/admin/comments?q=a&status=pending",
      "/admin/users?q=a&role=admin",
      "/admin/team",
      "/admin/team/new",
      `/admin/team/${member!.id}`,
    ];
    const mutations: [string, Record<string, string>][] = [
      ["/admin/categories", { intent: "save", name: "Intruder", slug: "intruder" }],
      ["/admin/categories", { intent: "save", id: category!.id, name: "Hijacked", slug: "hijacked" }],
      ["/admin/categories", { intent: "delete", id: category!.id }],
      ["/admin/comments", { intent: "status", id: comment!.id, status: "rejected" }],
      ["/admin/comments", { intent: "delete", id: comment!.id }],
      ["/admin/users", { id: owner, displayName: "Hijacked", role: "user", bio: "" }],
      ["/admin/team", { id: member!.id }],
      ["/admin/team/new", { name: "Intruder", position: "Nobody" }],
      [`/admin/team/${member!.id}`, { name: "Hijacked", position: "Nobody" }],
    ];
    for (const path of pages) {
      const anonymous = await get(path);
      expect(anonymous.status, path).toBe(302);
      expect(anonymous.headers.get("location"), path).toMatch(/^\/auth\?redirectTo=/);
      expect((await get(path, plainUser)).status, path).toBe(403);
      const dataPath = path.replace(/(\?|$)/, ".data$1");
      expect([202, 204, 302, 401], `${dataPath} anonymous`).toContain((await get(dataPath)).status);
      expect((await get(dataPath, plainUser)).status, `${dataPath} user`).toBe(403);
    }
    for (const [path, fields] of mutations) {
      const anonymous = await post(path, fields);
      expect(anonymous.status, path).toBe(302);
      expect(anonymous.headers.get("location"), path).toMatch(/^\/auth\?redirectTo=/);
      expect((await post(path, fields, plainUser)).status, path).toBe(403);
      expect((await post(`${path}.data`, fields, plainUser)).status, `${path}.data`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});
