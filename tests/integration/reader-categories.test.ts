import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories } from "#database/schema";
import { aCategory, anArticle } from "#tests/factories";
import { testDatabaseKind } from "#tests/helpers/database";
import { pageWhen } from "#tests/helpers/pages";
import { startTestServer, type TestServer } from "#tests/helpers/server";

// The public site's categories come from the database: a new or imported one is reachable from
// the home tiles (or /categories past them), the /articles filter and the sitemap, in the editors'
// order; one without a published article is not offered.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: "false" });
  const { db } = server.services;
  const placed = [
    { name: "Classroom Tips", slug: "classroom-tips", position: 2 },
    { name: "School Leadership", slug: "school-leadership", position: 1 },
    { name: "Ask Kafundisha", slug: "ask-kafundisha", position: 3 },
  ];
  for (const fields of placed) await anArticle(db, { categoryId: (await aCategory(db, fields)).id });
  // Nine more, unnumbered: after the numbered ones, by name.
  for (const letter of "IHGFEDCBA")
    await anArticle(db, { categoryId: (await aCategory(db, { name: `Imported ${letter}`, slug: `imported-${letter.toLowerCase()}` })).id });
  await aCategory(db, { name: "Empty Shelf", slug: "empty-shelf", position: 4 });
  await anArticle(db, { categoryId: (await aCategory(db, { name: "Drafts Only", slug: "drafts-only" })).id, status: "draft" });
});
afterAll(async () => {
  await server.close();
});

const page = async (path: string) => (await fetch(`${server.url}${path}`)).text();
const slugsLinked = (html: string) => [...html.matchAll(/href="\/category\/([a-z0-9-]+)"/g)].map((match) => match[1]);

describe(`categories on the public site (${testDatabaseKind})`, () => {
  it("tiles the home page with the first eight in the editors' order, and links to all of them", async () => {
    const home = await page("/");
    const tiles = home.slice(home.indexOf('id="categories-heading"'), home.indexOf('id="featured-heading"'));
    // The Ask Kafundisha column is a badge only (the spec): its tile is the community page's.
    expect(slugsLinked(tiles)).toEqual([
      "school-leadership",
      "classroom-tips",
      "imported-a",
      "imported-b",
      "imported-c",
      "imported-d",
      "imported-e",
      "imported-f",
    ]);
    expect(tiles).toContain(">Classroom Tips<");
    expect(tiles).toContain('href="/ask-kafundisha"');
    expect(tiles).toContain('href="/categories"');

    const all = await page("/categories");
    expect(slugsLinked(all)).toEqual([
      "school-leadership",
      "classroom-tips",
      ...["a", "b", "c", "d", "e", "f", "g", "h", "i"].map((letter) => `imported-${letter}`),
    ]);
    expect(all).toContain("1 article");
    expect(all).not.toContain("empty-shelf");
    expect(all).not.toContain("drafts-only");
  });

  it("offers them in the /articles filter, which lists an imported category's articles", async () => {
    const list = await page("/articles");
    const select = list.slice(list.indexOf('id="list-category"'), list.indexOf("</select>", list.indexOf('id="list-category"')));
    expect([...select.matchAll(/<option value="([a-z0-9-]+)"/g)].map((match) => match[1])).toEqual([
      "school-leadership",
      "classroom-tips",
      "ask-kafundisha",
      ...["a", "b", "c", "d", "e", "f", "g", "h", "i"].map((letter) => `imported-${letter}`),
    ]);
    expect(await page("/articles?category=imported-b")).toContain("1 article found");
  });

  it("follows an editor's new order on the next view, and lists every browsable category in the sitemap", async () => {
    await server.services.db.update(categories).set({ position: 1 }).where(eq(categories.slug, "imported-i"));
    const reordered = await pageWhen(`${server.url}/categories`, (answer) => slugsLinked(answer.html)[0] === "imported-i", "the new order");
    expect(slugsLinked(reordered.html).slice(0, 2)).toEqual(["imported-i", "school-leadership"]);
    const sitemap = await page("/sitemap.xml");
    expect(sitemap).toContain("/category/imported-a</loc>");
    expect(sitemap).toContain("/categories</loc>");
    expect(sitemap).not.toContain("/category/empty-shelf");
    expect(sitemap).not.toContain("/category/ask-kafundisha");
  });
});
