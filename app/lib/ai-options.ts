import { z } from "zod";

/** The AI writer's choices. */
export const contentTypes = ["article", "headline", "excerpt", "social"] as const;
export const tones = ["professional", "casual", "academic", "conversational"] as const;
export const lengths = ["medium", "short", "long"] as const;

export type ContentType = (typeof contentTypes)[number];
export type Tone = (typeof tones)[number];
export type Length = (typeof lengths)[number];

/** How many words the AI writer aims for at each length. */
export const lengthWords: Record<Length, { min: number; max: number }> = {
  short: { min: 500, max: 800 },
  medium: { min: 800, max: 1200 },
  long: { min: 1200, max: 2000 },
};

export const contentTypeLabels: Record<ContentType, string> = { article: "Article", headline: "Headline", excerpt: "Excerpt", social: "Social post" };
export const toneLabels: Record<Tone, string> = { professional: "Professional", casual: "Casual", academic: "Academic", conversational: "Conversational" };
export const lengthLabels: Record<Length, string> = {
  short: `Short (${lengthWords.short.min}-${lengthWords.short.max} words)`,
  medium: `Medium (${lengthWords.medium.min}-${lengthWords.medium.max} words)`,
  long: `Long (${lengthWords.long.min}-${lengthWords.long.max} words)`,
};

export const defaultCategorySlug = "education-news";
export const promptRequiredText = "Please enter a prompt for content generation";
export const generateFailedText = "Failed to generate content. Please try again.";
export const contentReadyText = "Content Ready";
export const maxPromptLength = 4000;

export const generateRequestSchema = z.object({
  prompt: z
    .string({ message: promptRequiredText })
    .trim()
    .min(1, { message: promptRequiredText })
    .max(maxPromptLength, { message: `The prompt may be at most ${maxPromptLength} characters.` }),
  type: z.enum(contentTypes, { message: "Choose a content type." }).default("article"),
  tone: z.enum(tones, { message: "Choose a tone." }).default("professional"),
  length: z.enum(lengths, { message: "Choose a length." }).default("medium"),
  category: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,64}$/, { message: "Choose a category." })
    .default(defaultCategorySlug),
});

export type GenerateRequest = z.output<typeof generateRequestSchema>;

/** What the AI writer produced, and with which settings. */
export interface GeneratedContentMetadata {
  tone: Tone;
  length: Length;
  category: string;
  timestamp: string;
  /** "offline" = the built-in draft generator; otherwise the provider's model name. */
  source: "offline" | "provider";
  model: string | null;
}

/**
 * Events of the generate stream (text/event-stream): `meta` once, `chunk` many times, then
 * `done` or `error`. Each event's data is JSON.
 */
export type GenerateEvent =
  | { event: "meta"; data: { type: ContentType; metadata: GeneratedContentMetadata } }
  | { event: "chunk"; data: { text: string } }
  | { event: "done"; data: { words: number } }
  | { event: "error"; data: { message: string } };

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** The article form's fields from a generated text: the first heading is the title, the first paragraph the excerpt. */
export function draftToArticleFields(text: string, type: ContentType, prompt: string): { title: string; excerpt: string; content: string } {
  const lines = text.replace(/\r\n/g, "\n").trim().split("\n");
  const clean = (line: string) =>
    line
      .replace(/^#+\s*/, "")
      .replace(/^\d+[.)]\s*/, "")
      .replace(/^[-*]\s*/, "")
      .replace(/\*\*/g, "")
      .trim();
  const fallbackTitle = clean(prompt.split("\n")[0] ?? "").slice(0, 150);
  if (type === "headline") {
    const first = lines.map(clean).find(Boolean) ?? fallbackTitle;
    return { title: first.slice(0, 200), excerpt: "", content: "" };
  }
  if (type === "excerpt") return { title: fallbackTitle, excerpt: text.trim().slice(0, 500), content: "" };
  if (type === "social") return { title: fallbackTitle, excerpt: "", content: text.trim() };

  const headingIndex = lines.findIndex((line) => /^#\s+\S/.test(line));
  const title = headingIndex >= 0 ? clean(lines[headingIndex]!) : fallbackTitle;
  const body = (headingIndex >= 0 ? lines.filter((_, index) => index !== headingIndex) : lines).join("\n").trim();
  const firstParagraph = body.split(/\n\s*\n/).find((block) => block.trim() && !/^\s*(#|[-*]\s|\d+[.)]\s)/.test(block)) ?? "";
  const excerpt = firstParagraph.replace(/\s+/g, " ").replace(/\*\*/g, "").trim();
  return { title: title.slice(0, 200), excerpt: excerpt.length > 300 ? `${excerpt.slice(0, 297).trimEnd()}...` : excerpt, content: body };
}
