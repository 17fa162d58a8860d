CREATE TABLE "article_authors" (
	"article_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"user_id" uuid,
	"guest_id" uuid,
	CONSTRAINT "article_authors_article_id_position_pk" PRIMARY KEY("article_id","position"),
	CONSTRAINT "article_authors_one_writer" CHECK (("article_authors"."user_id" is null) <> ("article_authors"."guest_id" is null))
);
--> statement-breakpoint
CREATE TABLE "guest_authors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"bio" text,
	"photo_url" text,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_authors_slug_format" CHECK ("guest_authors"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "guest_authors_name_check" CHECK (length("guest_authors"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "article_authors" ADD CONSTRAINT "article_authors_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_authors" ADD CONSTRAINT "article_authors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_authors" ADD CONSTRAINT "article_authors_guest_id_guest_authors_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guest_authors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_authors_user_key" ON "article_authors" USING btree ("article_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "article_authors_guest_key" ON "article_authors" USING btree ("article_id","guest_id");--> statement-breakpoint
CREATE INDEX "article_authors_user_idx" ON "article_authors" USING btree ("user_id","article_id");--> statement-breakpoint
CREATE INDEX "article_authors_guest_idx" ON "article_authors" USING btree ("guest_id","article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_authors_slug_key" ON "guest_authors" USING btree ("slug");--> statement-breakpoint
-- Every article's writer so far is its one byline.
INSERT INTO "article_authors" ("article_id", "position", "user_id") SELECT "id", 0, "author_id" FROM "articles" WHERE "author_id" IS NOT NULL;
--> statement-breakpoint
-- A guest's new name or photo drops the cached pages that show it (app/server/reader-pages/cache-tags.server.ts).
CREATE TRIGGER guest_authors_notify AFTER INSERT OR UPDATE OR DELETE ON guest_authors FOR EACH ROW EXECUTE FUNCTION notify_table_change();
