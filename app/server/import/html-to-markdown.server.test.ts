import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "#app/server/articles/markdown.server";
import { htmlToMarkdown, htmlToText, wordpressAutop, wordpressToMarkdown } from "./html-to-markdown.server";
import { readImportFile } from "./import.server";
import { decodeEntities } from "#app/lib/html-entities";
import { sourceDate, sourceSlug } from "./source-text.server";

const fixture = (name: string) => fs.readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/import", name));

describe("WordPress content to Markdown", () => {
  it("reads blank lines as paragraphs and single line breaks as breaks (autop)", () => {
    expect(wordpressAutop("One\ntwo\n\nThree")).toBe("<p>One<br>\ntwo</p>\n<p>Three</p>");
    expect(wordpressToMarkdown("One\ntwo\n\nThree")).toBe("One  \ntwo\n\nThree");
  });

  it("leaves block editor content and <pre> as they are", () => {
    expect(
      wordpressToMarkdown(
        "<!-- wp:paragraph -->\n<p>Block <em>one</em></p>\n<!-- /wp:paragraph -->\n\n<!-- wp:heading -->\n<h2>Title</h2>\n<!-- /wp:heading -->",
      ),
    ).toBe("Block *one*\n\n## Title");
    expect(wordpressToMarkdown("<pre>line one\n\n  indented</pre>")).toBe("```\nline one\n\n  indented\n```");
  });

  it("keeps a [caption]'s image and caption, turns [embed] into a link and leaves unknown shortcodes as text", () => {
    const markdown = wordpressToMarkdown(
      '[caption id="attachment_9" align="alignleft" width="300"]<img src="https://old.example/cat.jpg" alt="A cat" width="300" /> The cat[/caption]\n\n[embed]https://video.example/v/1[/embed]\n\n[contact-form-7 id="3"]',
    );
    expect(markdown).toBe(
      '![A cat](https://old.example/cat.jpg)\n\n*The cat*\n\n[https://video.example/v/1](https://video.example/v/1)\n\n\\[contact-form-7 id="3"\\]',
    );
  });

  it("shows the full-size file of an image linked to it", () => {
    expect(htmlToMarkdown('<p><a href="https://old.example/cat.jpg"><img src="https://old.example/cat-300x200.jpg" alt="A cat"></a></p>')).toBe(
      "![A cat](https://old.example/cat.jpg)",
    );
    expect(htmlToMarkdown('<p><a href="https://old.example/page"><img src="https://old.example/cat.jpg" alt="A cat"></a></p>')).toBe(
      "[![A cat](https://old.example/cat.jpg)](https://old.example/page)",
    );
  });

  it("drops scripts and styles, makes frames links and tables Markdown tables", () => {
    const markdown = htmlToMarkdown(
      '<p>Hi</p><script>alert(1)</script><style>p{}</style><iframe src="https://www.youtube.com/embed/x" title="Lesson"></iframe><table><tr><td>a</td><td>b|c</td></tr><tr><td>1</td><td>2</td></tr></table>',
    );
    expect(markdown).toBe("Hi\n\n[Lesson](https://www.youtube.com/embed/x)\n\n| a | b\\|c |\n| --- | --- |\n| 1 | 2 |");
    expect(renderMarkdown(markdown)).toContain("<table>");
    expect(renderMarkdown(markdown)).not.toContain("alert");
  });

  it("writes nothing the renderer would show as raw HTML, and nothing that runs", () => {
    const markdown = htmlToMarkdown(
      '<p onclick="x()">Text <a href="javascript:alert(1)">link</a> <img src="x" onerror="alert(1)"></p><div><span>kept</span></div>',
    );
    const html = renderMarkdown(markdown);
    expect(html).not.toMatch(/onclick|onerror|javascript:/);
    expect(html).toContain("kept");
  });

  it("makes comments plain text", () => {
    expect(htmlToText("<p>Nice <b>post</b> &amp; <a href='https://x.example'>more</a></p><p>Second</p>")).toBe("Nice post & more\n\nSecond");
    expect(htmlToText("First line\n\nSecond para")).toBe("First line\n\nSecond para");
  });
});

describe("source fields", () => {
  it("makes valid slugs of percent-encoded and accented ones", () => {
    expect(sourceSlug("caf%c3%a9-au-lait")).toBe("cafe-au-lait");
    expect(sourceSlug("%e4%b8%ad%e6%96%87")).toBe("");
    expect(sourceSlug("Already_Fine 2")).toBe("already-fine-2");
    expect(sourceSlug("100%-sure")).toBe("100-sure");
  });

  it("decodes character references and reads WordPress and Ghost dates", () => {
    expect(decodeEntities("It&#8217;s &amp; &#x201C;fine&#x201D; &hellip;")).toBe("It’s & “fine” …");
    expect(sourceDate("2011-01-18 07:40:14")?.toISOString()).toBe("2011-01-18T07:40:14.000Z");
    expect(sourceDate("0000-00-00 00:00:00")).toBeNull();
    expect(sourceDate("2024-11-21T09:00:00.000Z")?.toISOString()).toBe("2024-11-21T09:00:00.000Z");
    expect(sourceDate(1616560573131)?.toISOString()).toBe("2021-03-24T04:36:13.131Z");
  });
});

describe("the WordPress importer's odd files", () => {
  it("keeps text that looks like CDATA inside CDATA", () => {
    const [post] = readImportFile({ fileName: "crazy-cdata-escaped.xml", bytes: fixture("wordpress-importer-crazy-cdata-escaped.xml") }).posts;
    expect(post!.markdown).toBe("Content with nested <!\\[CDATA\\[ tags \\]\\]> :)");
    expect(renderMarkdown(post!.markdown)).toBe("<p>Content with nested &lt;![CDATA[ tags ]]&gt; :)</p>\n");
  });

  it("keeps right-to-left marks, emoji and combining characters, and makes a valid slug of them", () => {
    const source = readImportFile({ fileName: "utf-8.xml", bytes: fixture("wordpress-importer-wxr-utf-8-challenges.xml") });
    expect(source.siteTitle).toBe("My WordPress Website 🚀 \u202E\u202Dمرحبا");
    expect(source.posts[0]!.title).toContain('Taken" by Rob');
    expect(source.posts[0]!.slug).toMatch(/^hello-w/);
    expect(sourceSlug(source.posts[0]!.slug)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
