import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const axeSource: string = createRequire(import.meta.url)("axe-core").source;

interface AxeViolation {
  id: string;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Runs axe-core (WCAG 2 A/AA rules) on the current page and expects no violations. */
export async function expectNoAxeViolations(page: Page) {
  // Parts of a page the browser paints only as the reader nears them (.render-when-near) are
  // painted first: axe judges colours from what is painted, and a reader sees them painted.
  await page.evaluate(() => {
    for (const part of document.querySelectorAll<HTMLElement>(".render-when-near")) part.style.contentVisibility = "visible";
  });
  // Painted, a card may start its fade-in: judged half-faded, its colours would fail (seen on a busy machine).
  await page.waitForFunction(
    () =>
      new Promise((painted) =>
        requestAnimationFrame(() =>
          painted(document.getAnimations().every((animation) => animation.playState === "finished" || animation.effect?.getTiming().iterations === Infinity)),
        ),
      ),
  );
  // Evaluated through the debugging protocol, so the page's CSP does not block it.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe.run(
      document,
      {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      },
    );
    return result.violations.map((violation) => ({ id: violation.id, help: violation.help, targets: violation.nodes.map((node) => node.target.join(" ")) }));
  });
  expect(violations).toEqual([]);
}
