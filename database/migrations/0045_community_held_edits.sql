CREATE TABLE "community_held_edits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"post_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"editor_id" uuid,
	"title" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_held_edits_kind_check" CHECK ("community_held_edits"."kind" in ('question', 'answer'))
);
--> statement-breakpoint
ALTER TABLE "community_held_edits" ADD CONSTRAINT "community_held_edits_question_id_community_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."community_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_held_edits" ADD CONSTRAINT "community_held_edits_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "community_held_edits_post_key" ON "community_held_edits" USING btree ("kind","post_id");--> statement-breakpoint
CREATE INDEX "community_held_edits_question_idx" ON "community_held_edits" USING btree ("question_id");--> statement-breakpoint
-- A held edit reaches the moderators' sidebar count and queue at once.
CREATE TRIGGER community_held_edits_notify AFTER INSERT OR UPDATE OR DELETE ON community_held_edits FOR EACH ROW EXECUTE FUNCTION notify_table_change();
