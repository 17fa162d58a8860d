import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";

// The screens whose own spec files do not already run axe: home, all categories, sign-in and the 404 page.
for (const colorScheme of ["light", "dark"] as const) {
  test(`home, all categories, sign-in and 404 pass axe in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    for (const path of ["/", "/categories", "/auth", "/no-such-page"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /dark/ : /^(?!.*dark)/);
      await expectNoAxeViolations(page);
    }
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await expectNoAxeViolations(page);
  });
}
