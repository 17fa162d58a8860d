import crypto from "node:crypto";
import type { Route } from "./+types/og-image";
import { findCategory } from "#app/server/articles/articles.server";
import { articleCardSource, cachedCard, type CardSource } from "#app/server/seo/og-image.server";
import { siteSettings } from "#app/server/core/site-settings.server";

// Card addresses carry a version (?v=) that changes with the article: caches may keep them a day.
const cardCacheControl = "public, max-age=86400";

async function sourceFor(params: Route.LoaderArgs["params"]): Promise<{ key: string; source: CardSource } | null> {
  if (params.id !== undefined) {
    const article = await articleCardSource(params.id);
    return article && { key: `article:${params.id}:${article.version}`, source: article };
  }
  if (params.category !== undefined) {
    const category = await findCategory(params.category);
    return category && { key: `category:${params.category}:${category.name}`, source: { imageUrl: null, label: category.name, colourSeed: params.category } };
  }
  return { key: "site", source: { imageUrl: null, label: siteSettings().name, colourSeed: "the-educator" } };
}

/** Preview cards (1200 × 630 JPEG) for an article (`/articles/{id}/og.jpg`), a category and the site. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const found = await sourceFor(params);
  if (!found) throw new Response("Not Found", { status: 404 });
  const card = await cachedCard(found.key, found.source);
  const etag = `"${crypto.createHash("sha1").update(found.key).digest("base64url")}"`;
  const headers = { "Content-Type": "image/jpeg", "Cache-Control": cardCacheControl, ETag: etag };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(card), { headers: { ...headers, "Content-Length": String(card.length) } });
}
