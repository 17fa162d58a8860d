import { expect, test, type Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { signInAsAdmin } from "./fixtures";

const toast = (page: Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });

async function aTwoPagePdf() {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]);
  pdf.addPage([200, 200]);
  return Buffer.from(await pdf.save());
}

test("an editor attaches a PDF on the edit screen; a refused file keeps the typed title", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/articles/new");
  const title = `Fractions with bottle tops ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill("A lesson for Grade 4.");
  await page.getByLabel("Category").selectOption({ label: "Technology in Education" });
  await page.getByRole("button", { name: "Create Article" }).click();
  await expect(toast(page, "Article created successfully!")).toBeVisible();
  await page
    .getByRole("row")
    .filter({ hasText: title })
    .getByRole("link", { name: /^Edit / })
    .click();
  await expect(page.getByRole("heading", { name: "Edit Article" })).toBeVisible();

  const resources = page.getByRole("region", { name: "Resources" });
  await expect(resources.getByText("No resources yet.")).toBeVisible();

  // An HTML page named .pdf is refused; what was typed stays.
  await resources.getByRole("textbox", { name: "Resource name" }).fill("Lesson plan: fractions");
  await resources.getByRole("combobox", { name: "Kind of resource" }).selectOption({ label: "Lesson plan" });
  await resources.getByLabel("File").setInputFiles({ name: "plan.pdf", mimeType: "application/pdf", buffer: Buffer.from("<!doctype html><p>not a pdf</p>") });
  await resources.getByRole("button", { name: "Upload resource" }).click();
  await expect(resources.getByText("Unsupported file: Please upload PDF, DOCX, PPTX, XLSX, ODT, ODP or ODS files (no macros).")).toBeVisible();
  await expect(resources.getByRole("textbox", { name: "Resource name" })).toHaveValue("Lesson plan: fractions");
  await expect(resources.getByText("No resources yet.")).toBeVisible();

  await resources.getByLabel("File").setInputFiles({ name: "plan.pdf", mimeType: "application/pdf", buffer: await aTwoPagePdf() });
  await resources.getByRole("button", { name: "Upload resource" }).click();
  await expect(toast(page, "Resource uploaded.")).toBeVisible();
  const line = resources.getByRole("listitem").filter({ hasText: "Lesson plan: fractions" });
  await expect(line).toContainText(/Lesson plan · PDF · [\d.]+ (KB|bytes) · 2 pages · 0 downloads/);
  await expect(line.getByRole("link", { name: "Lesson plan: fractions" })).toHaveAttribute("href", /^\/downloads\/[0-9a-f-]{36}\/lesson-plan-fractions\.pdf$/);
});
