CREATE TABLE "school_pack_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"scheduled_for" timestamp with time zone,
	"requested_by" uuid,
	"step" text,
	"lease_until" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "school_pack_runs" ADD CONSTRAINT "school_pack_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "school_pack_runs_scheduled_for_key" ON "school_pack_runs" USING btree ("scheduled_for");--> statement-breakpoint
CREATE UNIQUE INDEX "school_pack_runs_one_at_a_time" ON "school_pack_runs" USING btree ((true)) WHERE "school_pack_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "school_pack_runs_created_at_idx" ON "school_pack_runs" USING btree ("created_at" DESC NULLS FIRST);