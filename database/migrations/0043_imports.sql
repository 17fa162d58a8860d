CREATE TABLE "imported_items" (
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"source_id" text NOT NULL,
	"local_id" uuid,
	"local_ref" text,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_items_source_kind_source_id_pk" PRIMARY KEY("source","kind","source_id"),
	CONSTRAINT "imported_items_kind_check" CHECK ("imported_items"."kind" in ('article', 'category', 'tag', 'author', 'comment', 'image'))
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text,
	"status" text DEFAULT 'previewed' NOT NULL,
	"step" text,
	"summary" text,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "imports_status_check" CHECK ("imports"."status" in ('previewed', 'running', 'done', 'failed')),
	CONSTRAINT "imports_format_check" CHECK ("imports"."format" in ('wordpress', 'ghost'))
);
--> statement-breakpoint
ALTER TABLE "imported_items" ADD CONSTRAINT "imported_items_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imported_items_local_idx" ON "imported_items" USING btree ("kind","local_id");--> statement-breakpoint
CREATE INDEX "imports_created_at_idx" ON "imports" USING btree ("created_at" DESC NULLS FIRST);