CREATE TABLE "community_votes" (
	"answer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_votes_answer_id_user_id_pk" PRIMARY KEY("answer_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "community_answers" ADD COLUMN "votes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "community_questions" ADD COLUMN "accepted_answer_id" uuid;--> statement-breakpoint
ALTER TABLE "community_votes" ADD CONSTRAINT "community_votes_answer_id_community_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."community_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_votes" ADD CONSTRAINT "community_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_votes_user_idx" ON "community_votes" USING btree ("user_id");--> statement-breakpoint
-- Deferred: a restore inserts questions before their answers, in one transaction (scripts/lib/backup.ts).
ALTER TABLE "community_questions" ADD CONSTRAINT "community_questions_accepted_answer_id_community_answers_id_fk" FOREIGN KEY ("accepted_answer_id") REFERENCES "public"."community_answers"("id") ON DELETE set null ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;