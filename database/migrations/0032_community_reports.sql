CREATE TABLE "community_reports" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "community_reports_kind_post_id_user_id_pk" PRIMARY KEY("kind","post_id","user_id"),
	CONSTRAINT "community_reports_kind_check" CHECK ("community_reports"."kind" in ('question', 'answer')),
	CONSTRAINT "community_reports_reason_check" CHECK (length("community_reports"."reason") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "community_reports" ADD CONSTRAINT "community_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_reports_open_idx" ON "community_reports" USING btree ("resolved_at","kind","post_id");--> statement-breakpoint
-- A new report reaches the moderators' sidebar count at once.
CREATE TRIGGER community_reports_notify AFTER INSERT OR UPDATE OR DELETE ON community_reports FOR EACH ROW EXECUTE FUNCTION notify_table_change();
