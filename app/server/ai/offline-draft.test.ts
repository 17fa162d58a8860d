import { describe, expect, it } from "vitest";
import { contentTypes, countWords, draftToArticleFields, generateRequestSchema, lengths, lengthWords, tones } from "#app/lib/ai-options";
import { createOfflineDraftProvider, offlineDraft, subjectOf } from "./offline-draft.server";

const request = (fields: Record<string, string>) =>
  generateRequestSchema.parse({ prompt: "Using mobile phones to support learning in rural classrooms", ...fields });

describe("the offline draft generator", () => {
  it("writes articles within the spec's word range for every length and tone", () => {
    for (const length of lengths) {
      for (const tone of tones) {
        for (const prompt of [
          "x",
          "Using mobile phones to support learning in rural classrooms",
          "Write about this news for teachers: Schools roll out the new curriculum\nSummary: Teachers adapt.\nSource: Example (https://news.example/a)",
        ]) {
          const words = countWords(offlineDraft(request({ prompt, length, tone, category: "health" })));
          expect(words, `${length} ${tone} ${prompt}`).toBeGreaterThanOrEqual(lengthWords[length].min);
          expect(words, `${length} ${tone} ${prompt}`).toBeLessThanOrEqual(lengthWords[length].max);
        }
      }
    }
  });

  it("builds a titled, sectioned article with key points and a call to action for teachers, from the prompt", () => {
    const text = offlineDraft(request({ tone: "academic", category: "technology" }));
    expect(text.split("\n")[0]).toBe("# Using Mobile Phones to Support Learning in Rural Classrooms: Evidence and Practice in the Classroom");
    expect(text.match(/^## /gm)!.length).toBeGreaterThanOrEqual(8);
    expect(text).toContain("## Key points");
    expect(text).toMatch(/## What teachers can do next\n\nChoose one step from this article and try it with your learners this week\./);
    expect(text).toContain("It is written for the Technology section of The Educator.");
    expect(text).toContain("digital tools for teaching and learning");
    expect(text).not.toMatch(/lorem|ipsum/i);
  });

  it("is deterministic, and differs with the prompt, tone and category", () => {
    const base = request({});
    expect(offlineDraft(base)).toBe(offlineDraft(base));
    expect(offlineDraft(request({ tone: "casual" }))).not.toBe(offlineDraft(base));
    expect(offlineDraft(request({ category: "sports" }))).not.toBe(offlineDraft(base));
    expect(offlineDraft(request({ prompt: "Teacher wellbeing during exam season" }))).not.toBe(offlineDraft(base));
  });

  it("writes headlines, an excerpt and a social post of the right shape", () => {
    const headlines = offlineDraft(request({ type: "headline" })).split("\n");
    expect(headlines).toHaveLength(5);
    headlines.forEach((line, index) => expect(line).toMatch(new RegExp(`^${index + 1}\\. .*Using Mobile Phones`)));
    const excerpt = offlineDraft(request({ type: "excerpt" }));
    expect(countWords(excerpt)).toBeLessThan(60);
    expect(excerpt).toContain("using mobile phones to support learning in rural classrooms");
    const social = offlineDraft(request({ type: "social", category: "technology" }));
    expect(social.length).toBeLessThanOrEqual(280);
    expect(social).toContain("#Technology");
  });

  it("reads the topic, summary and link a news suggestion puts in the prompt", () => {
    const subject = subjectOf(
      "Write about this news for teachers: School feeding expands to rural schools\nSummary: More learners get a daily meal.\nSource: Example News (https://news.example/feeding)",
    );
    expect(subject).toMatchObject({
      topic: "school feeding expands to rural schools",
      summary: "More learners get a daily meal.",
      sourceUrl: "https://news.example/feeding",
    });
    const text = offlineDraft(
      request({
        prompt:
          "Write about this news for teachers: School feeding expands\nSummary: More learners get a daily meal.\nSource: Example News (https://news.example/feeding)",
      }),
    );
    expect(text).toContain("The starting point for this piece: More learners get a daily meal.");
    expect(text).toContain("Read the original report: https://news.example/feeding");
  });

  it("streams the same text in pieces and stops when aborted", async () => {
    const provider = createOfflineDraftProvider({ delayMs: 0 });
    const pieces: string[] = [];
    for await (const piece of provider.generate(request({ length: "short" }), new AbortController().signal)) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(50);
    expect(pieces.join("")).toBe(offlineDraft(request({ length: "short" })));
    const controller = new AbortController();
    const partial: string[] = [];
    for await (const piece of provider.generate(request({}), controller.signal)) {
      partial.push(piece);
      if (partial.length === 3) controller.abort();
    }
    expect(partial).toHaveLength(3);
  });

  it("hands every content type to the article form", () => {
    for (const type of contentTypes) {
      const fields = draftToArticleFields(offlineDraft(request({ type })), type, "Using mobile phones");
      expect(fields.title.length, type).toBeGreaterThan(0);
    }
    const article = draftToArticleFields(offlineDraft(request({})), "article", "ignored");
    expect(article.title).toBe("Using Mobile Phones to Support Learning in Rural Classrooms: A Practical Guide for Teachers");
    expect(article.excerpt).toMatch(/^For teachers and school leaders,|^Across many schools,|^In classrooms today,/);
    expect(article.content.startsWith("# ")).toBe(false);
    expect(article.content).toContain("## Key points");
  });
});
