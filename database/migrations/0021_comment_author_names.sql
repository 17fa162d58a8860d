-- A comment shows the name its author had when posting it, not whatever the account is called
-- later: comments posted before this keep the name their author has now.
ALTER TABLE "comments" ADD COLUMN "author_name" text;--> statement-breakpoint
UPDATE "comments" SET "author_name" = "profiles"."display_name" FROM "profiles" WHERE "profiles"."id" = "comments"."user_id";
