CREATE TABLE "session_endings" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_endings" ADD CONSTRAINT "session_endings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_endings_user_id_idx" ON "session_endings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_endings_expires_at_idx" ON "session_endings" USING btree ("expires_at");