import { describe, expect, it } from "vitest";
import { isWholeMagazine, orderedSelection, selectionLabel, selectionSlug, wholeMagazine } from "./school-pack-selection";

describe("a school pack's selection", () => {
  const names: Record<string, string> = { literacy: "Literacy", mathematics: "Mathematics" };
  const subjectName = (slug: string) => names[slug] ?? slug;

  it("is the whole magazine when nothing is chosen", () => {
    expect(isWholeMagazine(wholeMagazine)).toBe(true);
    expect(selectionLabel(wholeMagazine, subjectName)).toBe("The whole magazine");
    expect(selectionSlug(wholeMagazine)).toBe("");
  });

  it("reads the same whatever order it was ticked in: grades as the curriculum lists them", () => {
    const selection = orderedSelection({ levels: ["grade-10", "grade-4", "ece", "grade-4"], subjects: ["mathematics", "literacy"], languages: ["ny", "bem"] });
    expect(selection).toEqual({ levels: ["ece", "grade-4", "grade-10"], subjects: ["literacy", "mathematics"], languages: ["bem", "ny"] });
    expect(selectionLabel(selection, subjectName)).toBe("ECE, Grade 4, Grade 10 (2013 curriculum) · Literacy, Mathematics · Icibemba, Chinyanja");
    expect(selectionSlug(selection)).toBe("ece-grade-4-grade-10-literacy-mathematics-bem-ny");
  });

  it("leaves out a kind not chosen, and keeps a long slug to 60 characters at a word's end", () => {
    expect(selectionLabel({ levels: [], subjects: [], languages: ["ny"] }, subjectName)).toBe("Chinyanja");
    const many = { levels: ["grade-1", "grade-2", "grade-3", "grade-4", "grade-5", "grade-6"], subjects: ["literacy"], languages: ["en", "ny"] };
    const slug = selectionSlug(many);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).toMatch(/^grade-1-grade-2-.*[a-z0-9]$/);
    expect("grade-1-grade-2-grade-3-grade-4-grade-5-grade-6-literacy-en-ny".startsWith(slug)).toBe(true);
  });
});
