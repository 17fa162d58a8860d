CREATE TABLE "community_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"user_id" uuid,
	"author_name" text,
	"by_staff" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"body_html" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_answers_status_check" CHECK ("community_answers"."status" in ('pending', 'published', 'rejected')),
	CONSTRAINT "community_answers_body_check" CHECK (length("community_answers"."body") between 1 and 10000)
);
--> statement-breakpoint
ALTER TABLE "community_questions" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "community_questions" ADD COLUMN "slug" text DEFAULT 'question' NOT NULL;--> statement-breakpoint
ALTER TABLE "community_questions" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_questions" ADD COLUMN "answer_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "community_answers" ADD CONSTRAINT "community_answers_question_id_community_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."community_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_answers" ADD CONSTRAINT "community_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_answers_question_idx" ON "community_answers" USING btree ("question_id","status","created_at");--> statement-breakpoint
CREATE INDEX "community_answers_user_idx" ON "community_answers" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "community_questions_published_idx" ON "community_questions" USING btree ("status","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "community_questions" ADD CONSTRAINT "community_questions_status_check" CHECK ("community_questions"."status" in ('pending', 'published', 'rejected'));--> statement-breakpoint
ALTER TABLE "community_questions" ADD CONSTRAINT "community_questions_published_check" CHECK (("community_questions"."status" = 'published') <= ("community_questions"."published_at" is not null));--> statement-breakpoint
-- The address of questions asked so far, made as questionSlug (app/lib/community.ts) makes one (they stay pending until approved).
UPDATE "community_questions" SET "slug" = coalesce(nullif(trim(both '-' from left(trim(both '-' from regexp_replace(lower("title"), '[^a-z0-9]+', '-', 'g')), 80)), ''), 'question');
--> statement-breakpoint
-- Answers are announced like questions, so their pages and the moderation counts stay live.
CREATE TRIGGER community_answers_notify AFTER INSERT OR UPDATE OR DELETE ON community_answers FOR EACH ROW EXECUTE FUNCTION notify_table_change();
