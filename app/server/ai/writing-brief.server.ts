import { categoryLabel } from "#app/lib/category-label";
import { lengthWords, type GenerateRequest } from "#app/lib/ai-options";

const toneGuides: Record<GenerateRequest["tone"], string> = {
  professional: "clear, confident and professional",
  casual: "friendly and relaxed, in plain words",
  academic: "precise and evidence-minded, naming concepts and sources of evidence without inventing citations",
  conversational: "warm and direct, speaking to the reader as 'you'",
};

/** What the model is asked to write, per content type. */
function taskFor(request: GenerateRequest): string {
  const category = categoryLabel(request.category);
  switch (request.type) {
    case "article": {
      const words = lengthWords[request.length];
      return [
        `Write a magazine article of ${words.min}-${words.max} words for the "${category}" section.`,
        "Format it in Markdown: start with a '# ' title line, then a short introduction paragraph,",
        "then sections with '## ' headings, a '## Key points' bullet list, and end with a '## What teachers can do next' call to action.",
      ].join(" ");
    }
    case "headline":
      return `Write five alternative headlines for a "${category}" article, one per line, numbered 1 to 5, each under 90 characters.`;
    case "excerpt":
      return `Write a 2-3 sentence excerpt (under 60 words) that makes teachers want to read a "${category}" article. Plain text only.`;
    case "social":
      return `Write one social media post (under 280 characters) promoting a "${category}" article, with two or three relevant hashtags.`;
  }
}

/** The system and user messages sent to a chat-completions model. */
export function writingMessages(request: GenerateRequest) {
  return [
    {
      role: "system" as const,
      content: [
        "You write for The Educator, an online magazine for teachers and educators worldwide with a Zambian focus.",
        `Your tone is ${toneGuides[request.tone]}.`,
        "Do not invent statistics, quotations or named people; where a fact must be checked, say so.",
        taskFor(request),
      ].join(" "),
    },
    { role: "user" as const, content: request.prompt },
  ];
}
