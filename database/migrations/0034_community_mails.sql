ALTER TABLE "community_answers" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_answers" ADD COLUMN "acceptance_mailed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community_questions" ADD COLUMN "notify_email" text;--> statement-breakpoint
ALTER TABLE "community_questions" ADD COLUMN "mails_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community_questions" ADD COLUMN "answers_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "question_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "answer_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_question_id_community_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."community_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_answer_id_community_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."community_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_queue_question_answered_idx" ON "mail_queue" USING btree ("question_id") WHERE "mail_queue"."kind" = 'question-answered' and "mail_queue"."status" = 'queued';--> statement-breakpoint
-- Answers published before this column: their creation is the best guess of when.
UPDATE "community_answers" SET "published_at" = "created_at" WHERE "status" = 'published';
--> statement-breakpoint
-- Askers of questions answered before these mails hear of new answers only.
UPDATE "community_questions" AS q SET "answers_mailed_at" = (SELECT max(a."published_at") FROM "community_answers" AS a WHERE a."question_id" = q."id");
