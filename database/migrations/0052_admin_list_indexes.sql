DROP INDEX "articles_views_idx";--> statement-breakpoint
DROP INDEX "articles_created_at_idx";--> statement-breakpoint
DROP INDEX "comments_created_at_idx";--> statement-breakpoint
CREATE INDEX "articles_views_id_idx" ON "articles" USING btree ("views" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_updated_at_id_idx" ON "articles" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_title_id_idx" ON "articles" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "articles_created_at_id_idx" ON "articles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_created_at_id_idx" ON "comments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_status_created_at_id_idx" ON "comments" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_content_trgm_idx" ON "comments" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_display_name_trgm_idx" ON "profiles" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_bio_trgm_idx" ON "profiles" USING gin ("bio" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);