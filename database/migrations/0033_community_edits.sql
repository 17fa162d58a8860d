CREATE TABLE "community_edits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"post_id" uuid NOT NULL,
	"editor_id" uuid,
	"title" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_edits_kind_check" CHECK ("community_edits"."kind" in ('question', 'answer'))
);
--> statement-breakpoint
ALTER TABLE "community_edits" ADD CONSTRAINT "community_edits_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_edits_post_idx" ON "community_edits" USING btree ("kind","post_id","created_at");