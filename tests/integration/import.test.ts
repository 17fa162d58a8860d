import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleAuthors, articles, articleTags, categories, comments, guestAuthors, importedItems, imports, mediaUploads, tags } from "#database/schema";
import { maxImportFileBytes } from "#app/lib/import-limits";
import {
  ImportFileError,
  getImport,
  inspectImport,
  listImports,
  previewImport,
  runImport,
  startImport,
  staleRunMinutes,
  discardImport,
  discardStalePreviews,
  ImportStateError,
} from "#app/server/import/import.server";
import { startTestServices, type TestServices } from "#tests/helpers/services";
import { temporaryFolder, testDatabaseKind } from "#tests/helpers/database";
import { runTsx } from "#tests/helpers/processes";

const fixtures = path.resolve(import.meta.dirname, "../fixtures/import");
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name));

let services: TestServices;
let imageServer: http.Server;
let imageBase: string;
const imageRequests: string[] = [];

beforeAll(async () => {
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  // The old sites' image hosts, faked at the network edge: every image answers, except those named "missing".
  imageServer = http.createServer((request, response) => {
    imageRequests.push(request.url ?? "");
    if (request.url?.includes("missing")) return void response.writeHead(404).end("Not found");
    response.writeHead(200, { "Content-Type": "image/png" }).end(png);
  });
  await new Promise<void>((resolve) => imageServer.listen(0, "127.0.0.1", resolve));
  imageBase = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}`;
  services = await startTestServices({ OUTBOUND_ALLOW_PRIVATE: "true" });
}, 60_000);

afterAll(async () => {
  await services?.stop();
  await new Promise((resolve) => imageServer?.close(resolve));
});

const tables = { articles, categories, tags, articleTags, guestAuthors, articleAuthors, comments, importedItems, imports, mediaUploads };

async function tableCounts() {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await services.services.db.select({ n: count() }).from(table);
    counts[name] = row!.n;
  }
  return counts;
}

async function articleNamed(title: string) {
  const [row] = await services.services.db.select().from(articles).where(eq(articles.title, title));
  expect(row, title).toBeDefined();
  return row!;
}

async function bylineNames(articleId: string) {
  const rows = await services.services.db
    .select({ name: guestAuthors.name })
    .from(articleAuthors)
    .innerJoin(guestAuthors, eq(guestAuthors.id, articleAuthors.guestId))
    .where(eq(articleAuthors.articleId, articleId))
    .orderBy(asc(articleAuthors.position));
  return rows.map((row) => row.name);
}

async function tagSlugs(articleId: string) {
  const rows = await services.services.db
    .select({ slug: tags.slug })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(eq(articleTags.articleId, articleId))
    .orderBy(asc(articleTags.position));
  return rows.map((row) => row.slug);
}

async function categorySlug(categoryId: string) {
  const [row] = await services.services.db.select({ slug: categories.slug }).from(categories).where(eq(categories.id, categoryId));
  return row?.slug;
}

describe(`import from WordPress and Ghost (${testDatabaseKind})`, () => {
  it("imports the WordPress importer's small export: posts and pages, categories, tags, bylines, approved comments", async () => {
    const bytes = fixture("wordpress-importer-small-export.xml");
    const preview = await inspectImport(services.services.db, { fileName: "small-export.xml", bytes });
    expect(preview).toMatchObject({ format: "wordpress", siteTitle: "trunk", source: "wordpress:http://localhost" });
    // 30 categories of the file, and "Pages" for the 5 pages.
    expect(preview.create).toEqual({ articles: 11, pages: 5, categories: 31, tags: 13, authors: 3, comments: 1, images: 0 });

    const result = await runImport(services.services, { fileName: "small-export.xml", bytes });
    expect(result.created).toEqual({ articles: 11, pages: 5, categories: 31, tags: 13, authors: 3, comments: 1, images: 0 });

    const hello = await articleNamed("Hello world!");
    expect(hello).toMatchObject({ slug: "hello-world", status: "published", language: "en" });
    expect(hello.publishedAt?.toISOString()).toBe("2011-01-18T07:40:14.000Z");
    expect(hello.content).toBe("Welcome to WordPress. This is your first post. Edit or delete it, then start blogging!");
    expect(hello.contentHtml).toBe("<p>Welcome to WordPress. This is your first post. Edit or delete it, then start blogging!</p>\n");
    expect(hello.excerpt).toBe("Welcome to WordPress. This is your first post. Edit or delete it, then start blogging!");
    expect(hello.readTimeMinutes).toBe(1);
    expect(await bylineNames(hello.id)).toEqual(["author"]);
    const helloComments = await services.services.db.select().from(comments).where(eq(comments.articleId, hello.id));
    expect(helloComments).toHaveLength(1);
    expect(helloComments[0]).toMatchObject({ status: "approved", userId: null, authorName: "Mr WordPress" });
    expect(helloComments[0]!.content).toContain("Hi, this is a comment.");

    const fooChild = await articleNamed("Foo-child");
    expect(await categorySlug(fooChild.categoryId)).toBe("foo-bar");
    expect(await bylineNames(fooChild.id)).toEqual(["editor"]);
    // Private posts and draft pages are drafts here.
    expect((await articleNamed("Private Post")).status).toBe("draft");
    expect(await tagSlugs((await articleNamed("Private Post")).id)).toEqual(["tag1", "tag2", "tag3"]);
    const draftPage = await articleNamed("Draft Page");
    expect(draftPage).toMatchObject({ status: "draft", publishedAt: null, slug: "draft-page" });
    expect(await categorySlug(draftPage.categoryId)).toBe("pages");
    // 27 categories: the first is its category, the next ten its tags (the editor's limit).
    const many = await articleNamed("Many Categories");
    expect(await tagSlugs(many.id)).toHaveLength(10);

    const before = await tableCounts();
    const again = await runImport(services.services, { fileName: "small-export.xml", bytes });
    expect(again.created).toEqual({ articles: 0, pages: 0, categories: 0, tags: 0, authors: 0, comments: 0, images: 0 });
    expect(again.skipped).toContainEqual({ kind: "article", reason: "already imported", count: 11 });
    const after = await tableCounts();
    expect({ ...after, imports: before.imports }).toEqual(before);
    expect(after.imports).toBe(before.imports! + 1);
  }, 60_000);

  it("imports the theme unit test data with its images downloaded into the media library, and again creates nothing", async () => {
    // Its images live on wpthemetestdata.files.wordpress.com: here that host is the local image server.
    const xml = fixture("themeunittestdata.wordpress.xml").toString("utf8").replaceAll("https://wpthemetestdata.files.wordpress.com", `${imageBase}/wp`);
    const bytes = Buffer.from(xml);
    const preview = await inspectImport(services.services.db, { fileName: "themeunittestdata.wordpress.xml", bytes });
    expect(preview.create).toMatchObject({ articles: 79, pages: 21, comments: 26, images: 36 });
    expect(preview.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "article", reason: expect.stringMatching(/^attachment/), count: 37 }),
        expect.objectContaining({ kind: "article", reason: "nav menu item", count: 70 }),
        expect.objectContaining({ kind: "comment", reason: "comment not approved", count: 3 }),
        expect.objectContaining({ kind: "comment", reason: "pingback or trackback", count: 4 }),
      ]),
    );
    const steps: string[] = [];
    const result = await runImport(services.services, { fileName: "themeunittestdata.wordpress.xml", bytes, onProgress: (step) => steps.push(step) });
    expect(result.created).toMatchObject({ articles: 79, pages: 21, comments: 26, images: 36 });
    expect(result.imagesLeftAsLinks).toBe(0);
    expect(steps).toContain("Downloading images: 36 of 36");
    expect(steps).toContain("Writing 79 articles…");

    const alignment = await articleNamed("Markup: Image Alignment");
    expect(alignment.slug).toBe("markup-image-alignment");
    expect(alignment.content).toMatch(/^Welcome to image alignment!/);
    expect(alignment.content).toMatch(/!\[Image Alignment 580x300\]\(\/uploads\/media\/articles\/[\w.]+\.png "Image Alignment 580x300"\)/);
    expect(alignment.content).not.toContain(imageBase);
    expect(alignment.contentHtml).toMatch(/<img src="\/uploads\/media\/articles\/[\w.]+\.png" alt="Image Alignment 580x300" loading="lazy"/);
    expect(await bylineNames(alignment.id)).toEqual(["Theme Buster"]);

    const featured = await articleNamed("Template: Featured Image (Horizontal)");
    expect(featured.featuredImageUrl).toMatch(/^\/uploads\/media\/articles\/[\w.]+\.png$/);
    expect(featured.featuredImageAlt).toBe("Horizontal Featured Image");
    const [library] = await services.services.db.select({ url: mediaUploads.url }).from(mediaUploads).where(eq(mediaUploads.url, featured.featuredImageUrl!));
    expect(library).toBeDefined();

    // The password-protected post is a draft; the block editor's markup is gone, its content kept.
    expect((await articleNamed('Template: Password Protected (the password is "enter")')).status).toBe("draft");
    const quote = await articleNamed("Block: Quote");
    expect(quote.content).not.toContain("wp:");
    expect(quote.content).toContain("> Gutenberg is more than an editor.");
    expect(quote.contentHtml).toContain("<blockquote>");

    const requestsBefore = imageRequests.length;
    const before = await tableCounts();
    const again = await runImport(services.services, { fileName: "themeunittestdata.wordpress.xml", bytes });
    expect(again.created).toEqual({ articles: 0, pages: 0, categories: 0, tags: 0, authors: 0, comments: 0, images: 0 });
    expect(imageRequests.length).toBe(requestsBefore);
    expect({ ...(await tableCounts()), imports: before.imports }).toEqual(before);
  }, 180_000);

  it("imports a Ghost 5 export: HTML as Markdown, feature images, tags, authors in order; unreachable images stay links", async () => {
    const bytes = fixture("ghost-5-export.json");
    const withoutSite = await inspectImport(services.services.db, { fileName: "ghost.json", bytes });
    expect(withoutSite.notices.join(" ")).toContain("__GHOST_URL__");
    expect(withoutSite.create.images).toBe(1); // only the absolute one can be fetched without the site's address

    const { importId, preview } = await previewImport(services.services, { fileName: "ghost.json", bytes, siteUrl: `${imageBase}/ghost/`, userId: null });
    expect(preview).toMatchObject({ format: "ghost", siteTitle: "Staff Room Notes", source: "ghost:0f3c2a1e-8b7d-4c6e-9a5b-3d2e1f0a9b8c" });
    // "Pages" and "Uncategorised" are there already (made by the WordPress imports above).
    expect(preview.create).toEqual({ articles: 4, pages: 1, categories: 2, tags: 1, authors: 2, comments: 0, images: 3 });
    expect(preview.skipped).toEqual(
      expect.arrayContaining([
        { kind: "tag", reason: "internal tag (#tag)", count: 1, examples: ["#hidden-feature"] },
        { kind: "article", reason: "email-only newsletter", count: 1, examples: ["Members' weekly digest"] },
      ]),
    );
    expect((await getImport(services.services.db, importId))?.status).toBe("previewed");

    await startImport(services.services, importId, null);
    await expect(startImport(services.services, importId, null)).rejects.toThrow(/already been started/);
    let view = await getImport(services.services.db, importId);
    for (let waited = 0; view?.status === "running" && waited < 30_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      view = await getImport(services.services.db, importId);
    }
    expect(view?.status, view?.error ?? "").toBe("done");
    expect(view?.result?.created).toEqual({ articles: 4, pages: 1, categories: 2, tags: 1, authors: 2, comments: 0, images: 2 });
    expect(view?.result?.imagesLeftAsLinks).toBe(1);
    expect((await listImports(services.services.db)).map((row) => row.id)).toContain(importId);

    const fractions = await articleNamed("Teaching fractions with paper strips");
    expect(fractions).toMatchObject({
      slug: "teaching-fractions-with-paper-strips",
      status: "published",
      excerpt: "Halves and quarters you can hold in your hand.",
      featuredImageAlt: "Paper strips on a desk",
    });
    expect(fractions.featuredImageUrl).toMatch(/^\/uploads\/media\/articles\/[\w.]+\.png$/);
    expect(fractions.content).toMatch(
      /^Fold a strip of paper in half\. Each part is \*\*one half\*\*; fold again for quarters\.\n\n## What you need\n\n- +Paper strips\n- +Coloured pencils\n\n!\[Folded paper strips\]\(\/uploads\/media\/articles\/[\w.]+\.png\)\n\n\*Strips folded into halves and quarters\*\n\n> A fraction is a number, not two numbers\.\n\nSee \[more ideas\]\(https:\/\/example\.org\/fractions\)\.$/,
    );
    expect(fractions.contentHtml).toContain("<h2>What you need</h2>");
    expect(fractions.contentHtml).toContain('<a href="https://example.org/fractions" rel="noopener noreferrer nofollow" target="_blank">more ideas</a>');
    expect(await categorySlug(fractions.categoryId)).toBe("mathematics");
    expect(await tagSlugs(fractions.id)).toEqual(["primary"]);
    expect(await bylineNames(fractions.id)).toEqual(["Mwila Banda", "Chanda Phiri"]);

    const corner = await articleNamed("Reading corners on a budget");
    expect(corner.status).toBe("draft");
    expect(corner.content).toContain("![A reading corner](https://images.unreachable.invalid/corner.jpg)");
    expect(await categorySlug(corner.categoryId)).toBe("literacy");
    const termDates = await articleNamed("Term dates for 2025");
    expect(termDates.status).toBe("scheduled");
    expect(termDates.scheduledAt?.toISOString()).toBe("2099-01-06T07:00:00.000Z");
    expect(await categorySlug(termDates.categoryId)).toBe("uncategorised");
    const about = await articleNamed("About this newsletter");
    expect(await categorySlug(about.categoryId)).toBe("pages");
    const [guest] = await services.services.db.select().from(guestAuthors).where(eq(guestAuthors.slug, "mwila"));
    expect(guest).toMatchObject({ name: "Mwila Banda", bio: "Teaches Grade 5 in Kitwe.", photoUrl: `${imageBase}/ghost/content/images/2024/01/mwila.png` });

    const before = await tableCounts();
    const again = await runImport(services.services, { fileName: "ghost.json", bytes, siteUrl: `${imageBase}/ghost` });
    expect(again.created).toEqual({ articles: 0, pages: 0, categories: 0, tags: 0, authors: 0, comments: 0, images: 0 });
    expect({ ...(await tableCounts()), imports: before.imports }).toEqual(before);
  }, 60_000);

  it("gives a new article a suffixed slug when an article of this site has it, and decodes percent-encoded slugs", async () => {
    const xml = fixture("wordpress-importer-valid-wxr-1.1.xml").toString("utf8");
    const [existing] = await services.services.db.select({ slug: articles.slug }).from(articles).where(eq(articles.slug, "hello-world"));
    expect(existing).toBeDefined(); // from the small export, a different site
    const renamed = xml
      .replace("<wp:base_site_url>http://localhost/</wp:base_site_url>", "<wp:base_site_url>https://school.example/</wp:base_site_url>")
      .replace("<wp:base_blog_url>http://localhost/</wp:base_blog_url>", "<wp:base_blog_url>https://school.example/</wp:base_blog_url>")
      .replace("<wp:post_name>hello-world</wp:post_name>", "<wp:post_name>caf%c3%a9-%e4%b8%ad%e6%96%87</wp:post_name>");
    const result = await runImport(services.services, { fileName: "valid.xml", bytes: Buffer.from(renamed) });
    expect(result.created.articles).toBe(2);
    const slugs = (
      await services.services.db
        .select({ slug: articles.slug, title: articles.title })
        .from(articles)
        .where(sql`${articles.id} in (select local_id from imported_items where source = 'wordpress:https://school.example' and kind = 'article')`)
    ).map((row) => row.slug);
    expect(slugs).toContain("cafe");
  }, 60_000);

  it("writes nothing, and removes the images it downloaded, when the database fails half-way", async () => {
    const bytes = Buffer.from(fixture("ghost-5-export.json").toString("utf8").replace("0f3c2a1e-8b7d-4c6e-9a5b-3d2e1f0a9b8c", "another-ghost-site"));
    const db = services.services.db;
    // A failure after categories, tags, authors and the first article are written.
    await db.execute(sql`create function import_test_fail() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`);
    await db.execute(sql`create trigger import_test_fail before insert on article_authors for each row execute function import_test_fail()`);
    try {
      const before = await tableCounts();
      const storedBefore = (await services.services.storage.list("media", { limit: 10_000 })).length;
      const requestsBefore = imageRequests.length;
      await expect(runImport(services.services, { fileName: "ghost.json", bytes, siteUrl: `${imageBase}/ghost` })).rejects.toMatchObject({
        cause: expect.objectContaining({ message: expect.stringContaining("disk full") }),
      });
      expect({ ...(await tableCounts()), imports: before.imports }).toEqual(before);
      expect(imageRequests.length).toBe(requestsBefore + 2); // its two images were downloaded, then removed
      expect((await services.services.storage.list("media", { limit: 10_000 })).length).toBe(storedBefore);
      const [latest] = await listImports(db, 1);
      expect(latest).toMatchObject({ status: "failed", error: "The import failed and nothing of it was written. The server's log says why." });
    } finally {
      await db.execute(sql`drop trigger import_test_fail on article_authors`);
      await db.execute(sql`drop function import_test_fail()`);
    }
  }, 60_000);

  describe("refuses bad and hostile files with a clear message, and writes nothing", () => {
    const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/"><channel><wp:wxr_version>1.2</wp:wxr_version><item><title>&lol3;</title></item></channel></rss>`;
    const externalEntity = `<?xml version="1.0"?>
<!DOCTYPE rss SYSTEM "file:///etc/passwd">
<rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/"><channel><wp:wxr_version>1.2</wp:wxr_version></channel></rss>`;
    const valid = () => fixture("wordpress-importer-valid-wxr-1.1.xml");
    const cases: Array<[string, () => Buffer, RegExp]> = [
      ["billion laughs", () => Buffer.from(billionLaughs), /declares XML entities in a DOCTYPE/],
      ["an external entity", () => Buffer.from(externalEntity), /declares XML entities in a DOCTYPE/],
      ["a file over the limit", () => Buffer.alloc(maxImportFileBytes + 1, 0x20), /is 64\.0 MB: the largest file that can be imported is 64\.0 MB/],
      [
        "invalid UTF-8",
        () => {
          const bytes = Buffer.from(valid());
          bytes[bytes.indexOf("Hello world")] = 0xff;
          return bytes;
        },
        /is not valid UTF-8 text: the bytes at line \d+ \(byte \d+\)/,
      ],
      ["truncated XML", () => valid().subarray(0, Math.floor(valid().length / 2)), /is not well-formed XML/],
      ["XML that is not an export", () => Buffer.from('<?xml version="1.0"?><html><body>Hello</body></html>'), /is XML but not a WordPress export/],
      ["JSON that is not an export", () => Buffer.from('{"hello": "world"}'), /is JSON but not a Ghost export/],
      ["truncated JSON", () => fixture("ghost-5-export.json").subarray(0, 2000), /is not valid JSON/],
      ["JSON nested absurdly deep", () => Buffer.from(`${"[".repeat(10_000)}${"]".repeat(10_000)}`), /nested 64 levels deep/],
      ["neither", () => Buffer.from("Name,Email\nA,b@example.com\n"), /is neither a WordPress export/],
      ["an empty file", () => Buffer.alloc(0), /is empty/],
    ];
    for (const [name, bytes, message] of cases) {
      it(name, async () => {
        const before = await tableCounts();
        const attempt = previewImport(services.services, { fileName: "export.xml", bytes: bytes(), userId: null });
        await expect(attempt).rejects.toThrow(ImportFileError);
        await expect(previewImport(services.services, { fileName: "export.xml", bytes: bytes(), userId: null })).rejects.toThrow(message);
        await expect(runImport(services.services, { fileName: "export.xml", bytes: bytes() })).rejects.toThrow(message);
        expect(await tableCounts()).toEqual(before);
      });
    }
  });

  it("forgets a previewed import that is discarded, with its kept file", async () => {
    const { importId } = await previewImport(services.services, {
      fileName: "valid.xml",
      bytes: fixture("wordpress-importer-valid-wxr-1.1.xml"),
      userId: null,
    });
    const kept = await services.services.storage.list("imports", { limit: 1000 });
    expect(kept.some((file) => file.name.startsWith(importId))).toBe(true);
    await discardImport(services.services, importId);
    expect(await getImport(services.services.db, importId)).toBeNull();
    expect((await services.services.storage.list("imports", { limit: 1000 })).some((file) => file.name.startsWith(importId))).toBe(false);
    await expect(startImport(services.services, importId, null)).rejects.toThrow(ImportStateError);
  });

  it("drops a preview left unstarted for a day, with its kept file, and keeps a fresh one", async () => {
    const input = { fileName: "valid.xml", bytes: fixture("wordpress-importer-valid-wxr-1.1.xml"), userId: null };
    const { importId: old } = await previewImport(services.services, input);
    const { importId: fresh } = await previewImport(services.services, input);
    await services.services.db
      .update(imports)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(imports.id, old));
    await discardStalePreviews(services.services);
    expect(await getImport(services.services.db, old)).toBeNull();
    expect((await getImport(services.services.db, fresh))?.status).toBe("previewed");
    const kept = await services.services.storage.list("imports", { limit: 1000 });
    expect([kept.some((file) => file.name.startsWith(old)), kept.some((file) => file.name.startsWith(fresh))]).toEqual([false, true]);
    await discardImport(services.services, fresh);
  });

  it("reports a run whose server stopped as failed", async () => {
    const [row] = await services.services.db
      .insert(imports)
      .values({
        format: "wordpress",
        fileName: "old.xml",
        status: "running",
        step: "Downloading images: 3 of 9",
        updatedAt: new Date(Date.now() - (staleRunMinutes + 1) * 60_000),
      })
      .returning({ id: imports.id });
    const view = await getImport(services.services.db, row!.id);
    expect(view).toMatchObject({ status: "failed", step: null, error: expect.stringContaining("The server stopped during this import") });
    const [stored] = await services.services.db
      .select({ status: imports.status })
      .from(imports)
      .where(and(eq(imports.id, row!.id)));
    expect(stored!.status).toBe("failed");
  });

  it("runs as a command: prints the preview and one line, and exits 1 with the message on a bad file", async () => {
    const dataDir = temporaryFolder();
    const env = { DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "false", LOG_LEVEL: "silent" };
    const run = runTsx("scripts/import.ts", [path.join(fixtures, "wordpress-importer-valid-wxr-1.1.xml")], env);
    expect(await run.exited, run.output()).toBe(0);
    expect(run.output()).toContain('WordPress export of "Export Datasets" (wordpress:http://localhost)');
    expect(run.output()).toContain("To create: 2 articles (1 page), 2 categories, 1 tag, 1 author, 1 comment, 0 images to download");
    expect(run.output()).toContain("Imported 2 articles, 2 categories, 1 tag, 1 author, 1 comment, 0 images.");
    const bad = path.join(dataDir, "bad.xml");
    fs.writeFileSync(bad, '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a SYSTEM "file:///etc/passwd">]><rss><channel/></rss>');
    const refused = runTsx("scripts/import.ts", [bad], env);
    expect(await refused.exited).toBe(1);
    expect(refused.output().trim()).toBe(
      "bad.xml declares XML entities in a DOCTYPE (a WordPress export never does): such files can expand to gigabytes or read files of this server, so it is refused.",
    );
  }, 120_000);
});
