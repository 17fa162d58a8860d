-- Each article's Markdown rendered once when saved, with its read time, so readers never render
-- or read the full source. Existing rows stay NULL here (SQL cannot render Markdown): the server
-- fills them at start (fillArticleBodies in app/server/article-body.server.ts).
ALTER TABLE "articles" ADD COLUMN "content_html" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "read_time_minutes" integer;
