import { expect, test } from "@playwright/test";
import { importTexts } from "#app/lib/import-texts";
import { expectNoAxeViolations } from "./axe";
import { signInAsAdmin, waitForBehaviour } from "./fixtures";

/**
 * A WordPress export of one draft post, filed in a category the demo magazine has: importing it
 * changes no reader page the other tests look at. The stamp makes each run's post new.
 */
function wordpressExport(stamp: number) {
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Chalk Talk</title>
  <link>https://chalk-talk.example</link>
  <description>Notes from a Kabwe classroom</description>
  <language>en-GB</language>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>https://chalk-talk.example</wp:base_site_url>
  <wp:base_blog_url>https://chalk-talk.example</wp:base_blog_url>
  <wp:author><wp:author_id>2</wp:author_id><wp:author_login><![CDATA[mwila]]></wp:author_login><wp:author_email><![CDATA[mwila@chalk-talk.example]]></wp:author_email><wp:author_display_name><![CDATA[Mwila Chanda]]></wp:author_display_name><wp:author_first_name><![CDATA[Mwila]]></wp:author_first_name><wp:author_last_name><![CDATA[Chanda]]></wp:author_last_name></wp:author>
  <wp:category><wp:term_id>3</wp:term_id><wp:category_nicename><![CDATA[education-news]]></wp:category_nicename><wp:category_parent><![CDATA[]]></wp:category_parent><wp:cat_name><![CDATA[Education News]]></wp:cat_name></wp:category>
  <item>
    <title><![CDATA[Phonics games for Grade 1 (${stamp})]]></title>
    <link>https://chalk-talk.example/?p=${stamp}</link>
    <pubDate>Sat, 10 Jan 2026 06:00:00 +0000</pubDate>
    <dc:creator><![CDATA[mwila]]></dc:creator>
    <guid isPermaLink="false">https://chalk-talk.example/?p=${stamp}</guid>
    <description></description>
    <content:encoded><![CDATA[<!-- wp:paragraph --><p>Start with <strong>sounds</strong>, not letters.</p><!-- /wp:paragraph -->

<h2>Three games</h2>
<ul><li>Sound hunt</li><li>Clap the syllables</li></ul>]]></content:encoded>
    <excerpt:encoded><![CDATA[]]></excerpt:encoded>
    <wp:post_id>${stamp}</wp:post_id>
    <wp:post_date><![CDATA[2026-01-10 08:00:00]]></wp:post_date>
    <wp:post_date_gmt><![CDATA[2026-01-10 06:00:00]]></wp:post_date_gmt>
    <wp:comment_status><![CDATA[open]]></wp:comment_status>
    <wp:post_name><![CDATA[phonics-games-${stamp}]]></wp:post_name>
    <wp:status><![CDATA[draft]]></wp:status>
    <wp:post_parent>0</wp:post_parent>
    <wp:post_type><![CDATA[post]]></wp:post_type>
    <category domain="category" nicename="education-news"><![CDATA[Education News]]></category>
    <wp:comment>
      <wp:comment_id>1</wp:comment_id>
      <wp:comment_author><![CDATA[Bupe]]></wp:comment_author>
      <wp:comment_date_gmt><![CDATA[2026-01-11 07:00:00]]></wp:comment_date_gmt>
      <wp:comment_content><![CDATA[We tried the sound hunt today!]]></wp:comment_content>
      <wp:comment_approved><![CDATA[1]]></wp:comment_approved>
      <wp:comment_type><![CDATA[comment]]></wp:comment_type>
    </wp:comment>
    <wp:comment>
      <wp:comment_id>2</wp:comment_id>
      <wp:comment_author><![CDATA[Spammer]]></wp:comment_author>
      <wp:comment_date_gmt><![CDATA[2026-01-11 08:00:00]]></wp:comment_date_gmt>
      <wp:comment_content><![CDATA[Cheap watches]]></wp:comment_content>
      <wp:comment_approved><![CDATA[0]]></wp:comment_approved>
      <wp:comment_type><![CDATA[comment]]></wp:comment_type>
    </wp:comment>
  </item>
</channel>
</rss>
`;
}

const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<rss version="2.0"><channel><title>&lol2;</title></channel></rss>`;

test("an admin previews a WordPress export, imports it once, and a second import of the same file creates nothing", async ({ page }) => {
  const stamp = Date.now();
  const fileName = `chalk-talk-${stamp}.xml`;
  await signInAsAdmin(page);
  await page.goto("/admin/import");
  await expect(page.getByRole("heading", { name: "Import & Export", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Import & Export" })).toBeVisible();
  await expect(page.getByText(importTexts.intro)).toBeVisible();
  // The export says what a Ghost file cannot hold.
  await expect(page.getByText(importTexts.exportLeavesOut)).toBeVisible();
  await waitForBehaviour(page);

  // A hostile file is refused beside the field, and the address typed stays.
  await page.getByLabel("Export file").setInputFiles({ name: "lolz.xml", mimeType: "text/xml", buffer: Buffer.from(billionLaughs) });
  await page.getByLabel("Old site's address").fill("https://chalk-talk.example");
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "lolz.xml declares XML entities" })).toBeVisible();
  await expect(page.getByLabel("Old site's address")).toHaveValue("https://chalk-talk.example");

  await page.getByLabel("Export file").setInputFiles({ name: fileName, mimeType: "text/xml", buffer: Buffer.from(wordpressExport(stamp)) });
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByRole("heading", { name: `Preview of ${fileName} (WordPress: Chalk Talk)` })).toBeVisible();
  await expect(page.getByText(/Will be created:\s*1 article, 0 categories, 0 tags, \d authors?, 1 comment, 0 images/)).toBeVisible();
  await expect(page.getByText("1 comment: comment not approved")).toBeVisible();
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }

  await page.getByRole("button", { name: "Import now" }).click();
  const outcome = page.getByRole("status").filter({ hasText: `Imported ${fileName}` });
  await expect(outcome).toBeVisible({ timeout: 20_000 });
  await expect(outcome).toContainText(/Created: 1 article/);
  await expect(page.getByRole("row").filter({ hasText: fileName })).toContainText("Imported");
  await expectNoAxeViolations(page);

  await expect(page.getByRole("link", { name: "See the articles" })).toHaveAttribute("href", "/admin/articles");

  await page.goto("/admin/import");
  await page.getByLabel("Export file").setInputFiles({ name: fileName, mimeType: "text/xml", buffer: Buffer.from(wordpressExport(stamp)) });
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByText(importTexts.nothingNew)).toBeVisible();
  await expect(page.getByText("1 article: already imported")).toBeVisible();
  await expect(page.getByRole("button", { name: "Import now" })).toHaveCount(0);
  // Cancelled, the preview and its file are gone.
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/admin\/import$/);
  await expect(page.getByText(importTexts.nothingNew)).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: fileName })).toHaveCount(1);
});
