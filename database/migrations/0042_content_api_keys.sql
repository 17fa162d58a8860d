CREATE TABLE "content_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"request_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "content_api_keys_name_check" CHECK (length("content_api_keys"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "content_api_keys" ADD CONSTRAINT "content_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_api_keys_key_hash_key" ON "content_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "content_api_keys_created_at_idx" ON "content_api_keys" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);