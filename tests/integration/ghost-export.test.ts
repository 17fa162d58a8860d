import fs from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleAuthors, articleTags, articles, categories, guestAuthors, profiles, tags, users } from "#database/schema";
import { ghostExportVersion } from "#app/server/export/ghost-export.server";
import { createPostgresDatabase, dropPostgresDatabase, temporaryFolder, testDatabaseKind } from "#tests/helpers/database";
import { runTsx } from "#tests/helpers/processes";
import { signInOverHttp, startTestServer, type CookieJar, type TestServer } from "#tests/helpers/server";
import { aCategory, anAccount, anArticle } from "#tests/factories";

// The export is checked the way Ghost's importer reads it (ghost/core/core/server/data/importer/
// importers/data/*): `db[0].meta.version` semver, posts linked to tags, users and meta by the ids in
// the file, `html` for the body (Ghost turns it into its editor's format), valid uuids kept.

const publicUrl = "http://127.0.0.1";
type Row = Record<string, unknown> & { id: string };
interface GhostExport {
  db: [{ meta: { exported_on: number; version: string }; data: Record<string, Row[]> }];
}

let server: TestServer;
let owner: CookieJar;
let editor: CookieJar;
const added = { slugs: [] as string[], pendingId: "", scheduledId: "" };

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "true", OWNER_EMAIL: "owner@example.com", OWNER_PASSWORD: "owner-secret", PUBLIC_URL: publicUrl });
  owner = await signInOverHttp(server.url, "owner@example.com", "owner-secret");
  const { db } = server.services;
  const account = await anAccount(db, { role: "editor", displayName: "Hidden Editor" });
  editor = await signInOverHttp(server.url, account.email, account.password);
  // A category and a tag of the same name (one Ghost tag), a review article with a guest and a hidden staff byline, a scheduled one.
  const category = await aCategory(db, { name: "Zed Extras", slug: "zed-extras" });
  const [sameTag, otherTag] = await db
    .insert(tags)
    .values([
      { name: "Zed Extras", slug: "zed-extras" },
      { name: "Phonics drill", slug: "phonics-drill" },
    ])
    .returning();
  const [guest] = await db.insert(guestAuthors).values({ name: "Visiting Teacher", slug: "visiting-teacher" }).returning();
  const pending = await anArticle(db, {
    title: "Waiting for review",
    status: "pending",
    categoryId: category.id,
    content: "Read [the guide](/articles/guide) first.\n\n## Then\n\nPractise **daily**.",
    featuredImageUrl: "/uploads/cover.webp",
    featuredImageAlt: "Pupils reading",
    excerpt: "x".repeat(400),
  });
  await db.insert(articleTags).values([
    { articleId: pending.id, tagId: otherTag!.id, position: 0 },
    { articleId: pending.id, tagId: sameTag!.id, position: 1 },
  ]);
  await db.insert(articleAuthors).values([
    { articleId: pending.id, position: 0, userId: account.id },
    { articleId: pending.id, position: 1, guestId: guest!.id },
  ]);
  const scheduled = await anArticle(db, { title: "Coming tomorrow", status: "scheduled", categoryId: category.id });
  Object.assign(added, { slugs: [pending.slug, scheduled.slug], pendingId: pending.id, scheduledId: scheduled.id });
});
afterAll(() => server.close());

async function download(jar?: CookieJar) {
  return fetch(`${server.url}/admin/import/ghost-export.json`, { redirect: "manual", headers: jar ? { Cookie: jar.header() } : {} });
}

const byId = (rows: Row[]) => new Map(rows.map((row) => [row.id, row]));

describe(`Ghost export (${testDatabaseKind})`, () => {
  let exported: GhostExport["db"][0];

  it("downloads as a Ghost 5 JSON file", async () => {
    const startedAt = Date.now();
    const response = await download(owner);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="the-educator-\d{4}-\d{2}-\d{2}\.ghost\.json"$/);
    const body = (await response.json()) as GhostExport;
    expect(body.db).toHaveLength(1);
    exported = body.db[0];
    expect(exported.meta.version).toBe(ghostExportVersion);
    expect(exported.meta.version).toMatch(/^5\.\d+\.\d+$/);
    expect(exported.meta.exported_on).toBeGreaterThan(startedAt - 60_000);
    expect(Object.keys(exported.data).sort()).toEqual(["posts", "posts_authors", "posts_meta", "posts_tags", "roles", "roles_users", "tags", "users"]);
    for (const rows of Object.values(exported.data)) {
      const ids = rows.map((row) => row.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    }
  });

  it("has every article as a post with its HTML, links made absolute", async () => {
    const { db } = server.services;
    const all = await db.select().from(articles);
    const posts = exported.data.posts!;
    expect(posts).toHaveLength(all.length);
    expect(all.length).toBeGreaterThan(5);
    const byUuid = new Map(posts.map((post) => [post.uuid, post]));
    for (const article of all) {
      const post = byUuid.get(article.id)!;
      expect(post, article.title).toBeDefined();
      expect(post).toMatchObject({ title: article.title, slug: article.slug, type: "post", visibility: "public", lexical: null, mobiledoc: null });
      expect(post.status).toBe({ published: "published", scheduled: "scheduled", draft: "draft", pending: "draft" }[article.status]);
      expect(post.created_at).toBe(article.createdAt.toISOString());
      expect(typeof post.html).toBe("string");
      expect((post.html as string).length).toBeGreaterThan(0);
      expect(post.html).not.toMatch(/\b(href|src)="\/(?!\/)/);
      expect((post.plaintext as string).length).toBeGreaterThan(0);
      if (article.status === "published") expect(post.published_at).toBe(article.publishedAt!.toISOString());
    }
    const pending = byUuid.get(added.pendingId)!;
    expect(pending.status).toBe("draft");
    expect(pending.published_at).toBeNull();
    expect(pending.html).toContain(`href="${publicUrl}/articles/guide"`);
    expect(pending.plaintext).toMatch(/^Read the guide first\.\n+Then\n+Practise daily\.$/);
    expect(pending.feature_image).toBe(`${publicUrl}/uploads/cover.webp`);
    expect((pending.custom_excerpt as string).length).toBeLessThanOrEqual(300);
    const scheduled = byUuid.get(added.scheduledId)!;
    const [scheduledRow] = await db.select().from(articles).where(eq(articles.id, added.scheduledId));
    expect(scheduled).toMatchObject({ status: "scheduled", published_at: scheduledRow!.scheduledAt!.toISOString() });
    const meta = exported.data.posts_meta!;
    expect(meta.find((row) => row.post_id === pending.id)).toMatchObject({ feature_image_alt: "Pupils reading" });
    const postIds = new Set(posts.map((post) => post.id));
    for (const row of meta) expect(postIds.has(row.post_id as string)).toBe(true);
  });

  it("has categories and tags as Ghost tags, the category first on each post", async () => {
    const { db } = server.services;
    const ghostTags = exported.data.tags!;
    const categorySlugs = (await db.select({ slug: categories.slug }).from(categories)).map((row) => row.slug);
    const tagSlugs = (await db.select({ slug: tags.slug }).from(tags)).map((row) => row.slug);
    expect(ghostTags.map((tag) => tag.slug).sort()).toEqual([...new Set([...categorySlugs, ...tagSlugs])].sort());
    const tagsById = byId(ghostTags);
    const postsByUuid = new Map(exported.data.posts!.map((post) => [post.uuid, post.id]));
    const rows = await db.select({ id: articles.id, category: categories.slug }).from(articles).innerJoin(categories, eq(categories.id, articles.categoryId));
    const links = await db
      .select({ articleId: articleTags.articleId, slug: tags.slug })
      .from(articleTags)
      .innerJoin(tags, eq(tags.id, articleTags.tagId))
      .orderBy(asc(articleTags.position));
    let tagged = 0;
    for (const article of rows) {
      const expected = [article.category, ...links.filter((link) => link.articleId === article.id).map((link) => link.slug)];
      const actual = exported.data
        .posts_tags!.filter((link) => link.post_id === postsByUuid.get(article.id))
        .sort((a, b) => (a.sort_order as number) - (b.sort_order as number))
        .map((link) => tagsById.get(link.tag_id as string)!.slug);
      expect(actual).toEqual([...new Set(expected)]);
      if (actual.length > 1) tagged++;
    }
    expect(tagged).toBeGreaterThan(1);
    const pendingPost = postsByUuid.get(added.pendingId);
    expect(exported.data.posts_tags!.filter((link) => link.post_id === pendingPost).map((link) => tagsById.get(link.tag_id as string)!.slug)).toEqual([
      "zed-extras",
      "phonics-drill",
    ]);
  });

  it("has public bylines as users, in order on each post, with roles", async () => {
    const { db } = server.services;
    const users_ = exported.data.users!;
    const staff = await db
      .select({ slug: profiles.authorSlug, name: profiles.displayName, email: users.email })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id));
    const shownStaff = staff.filter((row) => row.slug && row.name);
    const guests = await db.select({ slug: guestAuthors.slug, name: guestAuthors.name }).from(guestAuthors);
    expect(users_.map((user) => user.slug).sort()).toEqual([...shownStaff.map((row) => row.slug), ...guests.map((row) => row.slug)].sort());
    expect(guests.length).toBeGreaterThan(1);
    for (const person of shownStaff) expect(users_.find((user) => user.slug === person.slug)).toMatchObject({ name: person.name, email: person.email });
    for (const guest of guests)
      expect(users_.find((user) => user.slug === guest.slug)).toMatchObject({ name: guest.name, email: `${guest.slug}@guest.invalid` });
    expect(users_.some((user) => user.name === "Hidden Editor")).toBe(false);

    const usersById = byId(users_);
    const postsByUuid = new Map(exported.data.posts!.map((post) => [post.uuid, post]));
    const bylines = await db
      .select({ articleId: articleAuthors.articleId, staffSlug: profiles.authorSlug, staffName: profiles.displayName, guestSlug: guestAuthors.slug })
      .from(articleAuthors)
      .leftJoin(profiles, eq(profiles.id, articleAuthors.userId))
      .leftJoin(guestAuthors, eq(guestAuthors.id, articleAuthors.guestId))
      .orderBy(asc(articleAuthors.position));
    let written = 0;
    for (const [uuid, post] of postsByUuid) {
      const expected = bylines
        .filter((byline) => byline.articleId === uuid)
        .map((byline) => byline.guestSlug ?? (byline.staffName ? byline.staffSlug : null))
        .filter(Boolean);
      const actual = exported.data
        .posts_authors!.filter((link) => link.post_id === post.id)
        .sort((a, b) => (a.sort_order as number) - (b.sort_order as number))
        .map((link) => usersById.get(link.author_id as string)!.slug);
      expect(actual).toEqual(expected);
      if (actual.length > 0) {
        written++;
        expect(post.created_by).toBe(exported.data.posts_authors!.find((link) => link.post_id === post.id && link.sort_order === 0)!.author_id);
      }
    }
    expect(written).toBeGreaterThan(3);
    expect(exported.data.posts_authors!.filter((link) => link.post_id === postsByUuid.get(added.pendingId)!.id)).toHaveLength(1);

    const roles = byId(exported.data.roles!);
    expect([...roles.values()].map((role) => role.name).sort()).toEqual(["Author", "Contributor"]);
    expect(exported.data.roles_users!.map((link) => link.user_id).sort()).toEqual(users_.map((user) => user.id).sort());
    for (const link of exported.data.roles_users!) {
      const user = usersById.get(link.user_id as string)!;
      expect(roles.get(link.role_id as string)!.name).toBe((user.email as string).endsWith("@guest.invalid") ? "Contributor" : "Author");
    }
  });

  it("is for admins only", async () => {
    expect((await download(editor)).status).toBe(403);
    const anonymous = await download();
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  });

  it("is written by `npm run export -- --ghost`", { timeout: 180_000 }, async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const databaseUrl = adminUrl ? await createPostgresDatabase(adminUrl) : "";
    try {
      const file = path.join(temporaryFolder(), "magazine.ghost.json");
      const run = runTsx("scripts/export.ts", ["--ghost", "--out", file], {
        DATA_DIR: temporaryFolder(),
        DATABASE_URL: databaseUrl,
        SEED_DEMO: "true",
        PUBLIC_URL: "http://school.example",
        LOG_LEVEL: "warn",
      });
      expect(await run.exited, run.output()).toBe(0);
      const printed = /^(\S+) {2}\S+ \S+ {2}(\d+) articles, (\d+) tags, (\d+) authors$/m.exec(run.output());
      expect(printed, run.output()).not.toBeNull();
      expect(printed![1]).toBe(file);
      const written = (JSON.parse(fs.readFileSync(file, "utf8")) as GhostExport).db[0];
      expect(written.meta.version).toBe(ghostExportVersion);
      expect(written.data.posts).toHaveLength(Number(printed![2]));
      expect(written.data.tags).toHaveLength(Number(printed![3]));
      expect(written.data.users).toHaveLength(Number(printed![4]));
      // The same demo magazine as the server's, less what this file added to it.
      const demoSlugs = exported.data.posts!.map((post) => post.slug).filter((slug) => !added.slugs.includes(slug as string));
      expect(written.data.posts!.map((post) => post.slug).sort()).toEqual(demoSlugs.sort());
      for (const post of written.data.posts!) expect(post.html).not.toMatch(/\b(href|src)="\/(?!\/)/);
    } finally {
      if (adminUrl) await dropPostgresDatabase(adminUrl, databaseUrl);
    }
  });
});
