DROP INDEX "article_revisions_article_idx";--> statement-breakpoint
DROP INDEX "articles_published_idx";--> statement-breakpoint
DROP INDEX "articles_category_published_idx";--> statement-breakpoint
DROP INDEX "articles_views_idx";--> statement-breakpoint
DROP INDEX "articles_created_at_idx";--> statement-breakpoint
DROP INDEX "comments_created_at_idx";--> statement-breakpoint
DROP INDEX "community_questions_created_at_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_at_idx";--> statement-breakpoint
DROP INDEX "invitations_email_idx";--> statement-breakpoint
DROP INDEX "news_items_published_at_idx";--> statement-breakpoint
DROP INDEX "newsletter_sends_created_at_idx";--> statement-breakpoint
DROP INDEX "newsletter_subscribers_created_at_idx";--> statement-breakpoint
DROP INDEX "profiles_created_at_idx";--> statement-breakpoint
CREATE INDEX "article_revisions_article_idx" ON "article_revisions" USING btree ("article_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("status","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_category_published_idx" ON "articles" USING btree ("category_id","status","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_views_idx" ON "articles" USING btree ("views" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_created_at_idx" ON "articles" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_created_at_idx" ON "comments" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "community_questions_created_at_idx" ON "community_questions" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree ("email","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "news_items_published_at_idx" ON "news_items" USING btree ("published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "newsletter_sends_created_at_idx" ON "newsletter_sends" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_created_at_idx" ON "newsletter_subscribers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profiles_created_at_idx" ON "profiles" USING btree ("created_at" DESC NULLS FIRST);