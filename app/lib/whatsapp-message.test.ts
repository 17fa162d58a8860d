import { describe, expect, it } from "vitest";
import {
  isWhatsAppShare,
  plainForWhatsApp,
  shorten,
  teaser,
  whatsAppDigestLimit,
  whatsAppDigestMessage,
  whatsAppMessage,
  whatsAppMessageLimit,
  withWhatsAppRef,
} from "./whatsapp-message";

const url = "https://educator.example/articles/0b5e7a52-3c1d-4f5e-9a6b-2c8d1e4f7a90";
const link = `${url}?ref=whatsapp`;

describe("withWhatsAppRef", () => {
  it("adds ref=whatsapp, keeping the rest of the query and the hash", () => {
    expect(withWhatsAppRef(url)).toBe(link);
    expect(withWhatsAppRef(`${url}?lang=bem#comments`)).toBe(`${url}?lang=bem&ref=whatsapp#comments`);
  });

  it("replaces an earlier ref rather than adding a second one", () => {
    expect(withWhatsAppRef(`${url}?ref=newsletter&page=2`)).toBe(`${url}?ref=whatsapp&page=2`);
    expect(withWhatsAppRef(link)).toBe(link);
  });
});

describe("isWhatsAppShare", () => {
  it("knows a page address opened from a shared link, whatever else its query holds", () => {
    expect(isWhatsAppShare("/articles/abc?ref=whatsapp")).toBe(true);
    expect(isWhatsAppShare("/articles/abc?lang=bem&ref=WhatsApp#comments")).toBe(true);
    expect(isWhatsAppShare("/?utm_source=x&ref=whatsapp")).toBe(true);
  });

  it("does not take other markers, values or a hash for one", () => {
    expect(isWhatsAppShare("/articles/abc")).toBe(false);
    expect(isWhatsAppShare("/articles/abc?ref=facebook")).toBe(false);
    expect(isWhatsAppShare("/articles/abc?utm_source=whatsapp")).toBe(false);
    expect(isWhatsAppShare("/articles/abc?referrer=whatsapp")).toBe(false);
    expect(isWhatsAppShare("/articles/abc#?ref=whatsapp")).toBe(false);
  });
});

describe("plainForWhatsApp", () => {
  it("puts look-alikes for the marks WhatsApp would format with, and joins lines", () => {
    expect(plainForWhatsApp("Teaching *fractions* with _bottle tops_ ~and~ `code`")).toBe("Teaching ∗fractions∗ with bottle tops ∼and∼ 'code'");
    expect(plainForWhatsApp("5*3 and snake_case")).toBe("5∗3 and snake case");
    expect(plainForWhatsApp("  Two\nlines\t here ")).toBe("Two lines here");
    expect(plainForWhatsApp("> quoted")).toBe("quoted");
    expect(plainForWhatsApp("- listed")).toBe("listed");
    expect(plainForWhatsApp("Grade 7 - Grade 9")).toBe("Grade 7 - Grade 9");
  });
});

describe("shorten", () => {
  it("keeps text that fits, and cuts longer text at a word boundary with …", () => {
    expect(shorten("Short enough", 20)).toBe("Short enough");
    expect(shorten("Reading corners that work in a crowded classroom", 30)).toBe("Reading corners that work in…");
    expect(shorten("Reading corners, and more", 18)).toBe("Reading corners…");
  });

  it("cuts a single long word where it must", () => {
    expect(shorten("a".repeat(50), 10)).toBe(`${"a".repeat(9)}…`);
  });
});

describe("teaser", () => {
  it("gives a short excerpt whole, on one line", () => {
    expect(teaser("Bottle tops make fractions easy to see.")).toEqual(["Bottle tops make fractions easy to see."]);
  });

  it("breaks after a sentence and keeps two whole sentences without …", () => {
    const excerpt = "Bottle tops make fractions easy to see for every pupil. They cost nothing and every school has them. A third sentence is left out.";
    expect(teaser(excerpt)).toEqual(["Bottle tops make fractions easy to see for every pupil.", "They cost nothing and every school has them."]);
  });

  it("cuts a long excerpt into two lines of at most 100 characters at word boundaries, with … at the end", () => {
    const excerpt = Array.from({ length: 60 }, (_, at) => `word${at}`).join(" ");
    const lines = teaser(excerpt);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
    expect(lines[0]).toMatch(/^word0 word1 .* word\d+$/);
    expect(lines[1]).toMatch(/ word\d+…$/);
    expect(excerpt.startsWith(`${lines[0]} ${lines[1]!.slice(0, -1)}`)).toBe(true);
  });

  it("has nothing for no excerpt", () => {
    expect(teaser("")).toEqual([]);
    expect(teaser("  __ ")).toEqual([]);
  });
});

describe("whatsAppMessage", () => {
  it("is the bold title, the excerpt's lines, an empty line and the link with ref=whatsapp", () => {
    expect(whatsAppMessage({ title: "Teaching fractions with bottle tops", excerpt: "A lesson for Grade 4 that costs nothing.", url })).toBe(
      ["*Teaching fractions with bottle tops*", "A lesson for Grade 4 that costs nothing.", "", link].join("\n"),
    );
  });

  it("keeps the bold whole when the title has WhatsApp's marks in it", () => {
    const message = whatsAppMessage({ title: "5*3 = 15: *times tables* _the fun way_ ~really~", excerpt: "Say it *loud*", url });
    expect(message).toBe(`*5∗3 = 15: ∗times tables∗ the fun way ∼really∼*\nSay it ∗loud∗\n\n${link}`);
    expect(message.match(/[*_~`]/g)).toEqual(["*", "*"]);
  });

  it("is the title and the link when the article has no excerpt", () => {
    expect(whatsAppMessage({ title: "Exam tips", excerpt: null, url })).toBe(`*Exam tips*\n\n${link}`);
  });

  it("stays within its limit with the longest title and excerpt an article may have, the link whole", () => {
    const message = whatsAppMessage({ title: "T".repeat(300), excerpt: "word ".repeat(200), url });
    expect(message.length).toBeLessThanOrEqual(whatsAppMessageLimit);
    expect(message.split("\n")[0]).toBe(`*${"T".repeat(149)}…*`);
    expect(message.endsWith(`\n${link}`)).toBe(true);
    expect(message.split("\n")).toHaveLength(5);
  });

  it("lets the teaser, then the title, give way to a very long link", () => {
    const longUrl = `${url}?${"x".repeat(560)}=1`;
    const message = whatsAppMessage({ title: "A title of some length for this test", excerpt: "word ".repeat(200), url: longUrl });
    expect(message.length).toBeLessThanOrEqual(whatsAppMessageLimit);
    expect(message.endsWith(withWhatsAppRef(longUrl))).toBe(true);
    expect(message.split("\n")[0]).toMatch(/^\*A title.*\*$/);
  });
});

describe("whatsAppDigestMessage", () => {
  const article = (number: number) => ({ title: `Article number ${number}`, url: `https://educator.example/articles/${number}` });

  it("lists each article's title and link with ref=whatsapp under the bold heading and the count", () => {
    const message = whatsAppDigestMessage({ title: "The Educator — this week", articles: [article(1), article(2)], moreUrl: "https://educator.example/" });
    expect(message).toBe(
      [
        "*The Educator — this week*\n2 new articles:",
        "• Article number 1\nhttps://educator.example/articles/1?ref=whatsapp",
        "• Article number 2\nhttps://educator.example/articles/2?ref=whatsapp",
      ].join("\n\n"),
    );
  });

  it("says one article in the singular", () => {
    const message = whatsAppDigestMessage({ title: "The Educator — this week", articles: [article(1)], moreUrl: "https://educator.example/" });
    expect(message.split("\n")[1]).toBe("1 new article:");
  });

  it("lists at most 10, and links to the rest", () => {
    const articles = Array.from({ length: 14 }, (_, at) => article(at + 1));
    const message = whatsAppDigestMessage({ title: "The Educator — this week", articles, moreUrl: "https://educator.example/" });
    expect(message.length).toBeLessThanOrEqual(whatsAppDigestLimit);
    expect(message.split("\n")[1]).toBe("14 new articles:");
    expect(message).toContain("https://educator.example/articles/10?ref=whatsapp");
    expect(message).not.toContain("https://educator.example/articles/11?");
    expect(message.endsWith("…and 4 more: https://educator.example/?ref=whatsapp")).toBe(true);
  });

  it("lists fewer when long titles would pass the limit, titles cut and plain", () => {
    const articles = Array.from({ length: 30 }, (_, at) => ({ title: `*Long* ${"title ".repeat(40)}${at}`, url: `https://educator.example/articles/${at}` }));
    const message = whatsAppDigestMessage({ title: "The Educator — this week", articles, moreUrl: "https://educator.example/" });
    expect(message.length).toBeLessThanOrEqual(whatsAppDigestLimit);
    const listed = message.split("\n").filter((line) => line.startsWith("• "));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThan(10);
    for (const line of listed) expect(line.length).toBeLessThanOrEqual(102);
    expect(message).not.toContain("*Long*");
    expect(message).toContain("• ∗Long∗ title title");
    expect(message).toContain(`…and ${30 - listed.length} more: https://educator.example/?ref=whatsapp`);
  });
});
