import { eq } from "drizzle-orm";
import { articles } from "#database/schema";

/** The one rule for public readers: only published articles exist. */
export const publishedOnly = eq(articles.status, "published");
