import * as lucide from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as siteIcons from "./icons";

describe("the site's plain SVG icons", () => {
  const names = Object.keys(siteIcons) as (keyof typeof siteIcons & keyof typeof lucide)[];

  it.each(names)("%s renders exactly what lucide-react renders", (name) => {
    const props = { className: "size-4 text-accent", "aria-hidden": true } as const;
    const plain = renderToStaticMarkup(createElement(siteIcons[name], props));
    expect(plain).toBe(renderToStaticMarkup(createElement(lucide[name] as lucide.LucideIcon, props)));
    expect(plain).toMatch(/^<svg [^>]*class="lucide( lucide-[a-z0-9-]+)+ size-4 text-accent"[^>]*><(path|circle|rect|line|polyline|polygon|ellipse) /);
  });
});
