CREATE TABLE "resource_download_days" (
	"day" date NOT NULL,
	"resource_id" uuid NOT NULL,
	"downloads" integer NOT NULL,
	CONSTRAINT "resource_download_days_day_resource_id_pk" PRIMARY KEY("day","resource_id")
);
--> statement-breakpoint
ALTER TABLE "resource_download_days" ADD CONSTRAINT "resource_download_days_resource_id_article_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."article_resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_download_days_resource_idx" ON "resource_download_days" USING btree ("resource_id");