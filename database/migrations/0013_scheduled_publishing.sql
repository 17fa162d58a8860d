ALTER TABLE "articles" DROP CONSTRAINT "articles_status_check";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "articles_scheduled_idx" ON "articles" USING btree ("scheduled_at") WHERE "articles"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_scheduled_check" CHECK (("articles"."status" = 'scheduled') = ("articles"."scheduled_at" is not null));--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_status_check" CHECK ("articles"."status" in ('draft', 'published', 'scheduled'));