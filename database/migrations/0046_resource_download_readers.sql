CREATE TABLE "resource_download_readers" (
	"day" date NOT NULL,
	"resource_id" uuid NOT NULL,
	"reader" text NOT NULL,
	CONSTRAINT "resource_download_readers_day_resource_id_reader_pk" PRIMARY KEY("day","resource_id","reader")
);
--> statement-breakpoint
ALTER TABLE "resource_download_readers" ADD CONSTRAINT "resource_download_readers_resource_id_article_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."article_resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_download_readers_resource_idx" ON "resource_download_readers" USING btree ("resource_id");