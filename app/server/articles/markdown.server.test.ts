import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders the spec's headings, bold and line breaks", () => {
    const html = renderMarkdown("## Section\n### Sub\nOne **strong** line\nnext line");
    expect(html).toContain("<h2>Section</h2>");
    expect(html).toContain("<h3>Sub</h3>");
    expect(html).toContain("<strong>strong</strong>");
    expect(html).toContain("line<br>next");
  });

  it("never lets content run script", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[click](javascript:alert(1)) ![x](javascript:alert(1)) [ok](https://example.org)',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toContain('href="javascript:');
    expect(html).not.toContain('src="javascript:');
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer nofollow" target="_blank">ok</a>');
  });

  it("keeps a site-relative link on the site, as a browser reads it", () => {
    for (const href of ["/\\evil.example/y", "/\\/evil.example", "//evil.example/y", "/\t/evil.example"]) {
      const html = renderMarkdown(`[g](${href}) ![p](${href})`);
      expect(html, href).not.toContain("<a ");
      expect(html, href).not.toContain("<img");
      expect(html, href).toContain("g");
    }
    expect(renderMarkdown("[a lesson](/articles/x?y=1#z)")).toContain('<a href="/articles/x?y=1#z">a lesson</a>');
    // A backslash later in the path stays on the site: it is written as the slash the browser reads.
    expect(renderMarkdown("[b](/articles\\x)")).toContain('<a href="/articles/x">b</a>');
  });
});
