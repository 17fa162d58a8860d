import { eq } from "drizzle-orm";
import { unzipSync, strFromU8 } from "fflate";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleResources, articles } from "#database/schema";
import { demoArticles } from "#database/seed/demo-content";
import { demoResources } from "#database/seed/demo-resources";
import { resourceDownloadPath } from "#app/lib/resource-files";
import { testDatabaseKind } from "#tests/helpers/database";
import { startTestServer, type TestServer } from "#tests/helpers/server";

// The demo magazine's resources are real files, attached through the editor's own upload checks.
describe(`the demo magazine's resources (${testDatabaseKind})`, () => {
  let demo: TestServer;
  beforeAll(async () => {
    demo = await startTestServer({ SEED_DEMO: "true" });
  });
  afterAll(() => demo.close());

  it("attaches a real PDF or ODT to each article named, downloadable from its page", async () => {
    const rows = await demo.services.db
      .select({ resource: articleResources, articleTitle: articles.title, articleId: articles.id })
      .from(articleResources)
      .innerJoin(articles, eq(articles.id, articleResources.articleId));
    expect(rows.map((row) => row.resource.title).sort()).toEqual(demoResources.map((resource) => resource.title).sort());

    for (const expected of demoResources) {
      const row = rows.find((found) => found.resource.title === expected.title)!;
      expect(row.articleTitle).toBe(demoArticles.find((article) => article.key === expected.articleKey)!.title);
      expect(row.resource).toMatchObject({ format: expected.format, resourceType: expected.resourceType });

      const page = await (await fetch(`${demo.url}/articles/${row.articleId}`)).text();
      expect(page).toContain(expected.title);
      const download = await fetch(`${demo.url}${resourceDownloadPath(row.resource)}`);
      expect(download.status).toBe(200);
      expect(download.headers.get("content-disposition")).toMatch(/^attachment/);
      const bytes = new Uint8Array(await download.arrayBuffer());
      expect(bytes.length).toBe(row.resource.sizeBytes);

      if (expected.format === "pdf") {
        const pdf = await PDFDocument.load(bytes);
        expect(pdf.getPageCount()).toBe(row.resource.pageCount);
        expect(pdf.getTitle()).toBe(expected.title);
      } else {
        const files = unzipSync(bytes);
        expect(Object.keys(files)[0]).toBe("mimetype");
        expect(strFromU8(files.mimetype!)).toBe("application/vnd.oasis.opendocument.text");
        expect(strFromU8(files["content.xml"]!)).toContain(expected.sections[0]!.heading);
      }
    }
  });

  it("a Grade 4 teacher looking for a Nyanja reading lesson finds one, with its worksheet to download", async () => {
    const html = await (await fetch(`${demo.url}/resources?level=grade-4&lang=ny&type=reading`)).text();
    const lesson = demoArticles.find((article) => article.key === "nyanja-reading-grade-4")!;
    expect(html).toContain(lesson.title);
    const [row] = await demo.services.db.select({ id: articles.id, language: articles.language }).from(articles).where(eq(articles.title, lesson.title));
    expect(row!.language).toBe("ny");
    const page = await (await fetch(`${demo.url}/articles/${row!.id}`)).text();
    expect(page).toContain('lang="ny"');
    expect(page).toContain("Chisomo ndi Munda: nkhani ndi mafunso (demo)");
  });
});
