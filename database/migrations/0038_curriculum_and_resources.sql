CREATE TABLE "article_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"resource_type" text,
	"format" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"page_count" integer,
	"preview_key" text,
	"downloads" integer DEFAULT 0 NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_resources_format_check" CHECK ("article_resources"."format" in ('pdf', 'docx', 'pptx', 'xlsx', 'odt', 'odp', 'ods')),
	CONSTRAINT "article_resources_downloads_check" CHECK ("article_resources"."downloads" >= 0)
);
--> statement-breakpoint
CREATE TABLE "article_subjects" (
	"article_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	CONSTRAINT "article_subjects_article_id_subject_id_pk" PRIMARY KEY("article_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "translation_group" uuid;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "resource_type" text;--> statement-breakpoint
ALTER TABLE "article_resources" ADD CONSTRAINT "article_resources_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_resources" ADD CONSTRAINT "article_resources_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_subjects" ADD CONSTRAINT "article_subjects_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_subjects" ADD CONSTRAINT "article_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_resources_article_idx" ON "article_resources" USING btree ("article_id","position");--> statement-breakpoint
CREATE INDEX "article_subjects_subject_idx" ON "article_subjects" USING btree ("subject_id","article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_slug_key" ON "subjects" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_name_key" ON "subjects" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "articles_translation_group_idx" ON "articles" USING btree ("translation_group") WHERE "articles"."translation_group" is not null;--> statement-breakpoint
CREATE TRIGGER subjects_notify AFTER INSERT OR UPDATE OR DELETE ON subjects FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER article_resources_notify AFTER INSERT OR UPDATE OR DELETE ON article_resources FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
-- The Zambian curriculum's subjects (2023 framework, early years to senior secondary); admins edit the list.
INSERT INTO subjects (name, slug, position) VALUES
  ('Literacy', 'literacy', 1),
  ('Zambian Languages', 'zambian-languages', 2),
  ('English Language', 'english-language', 3),
  ('Mathematics', 'mathematics', 4),
  ('Integrated Science', 'integrated-science', 5),
  ('Social Studies', 'social-studies', 6),
  ('Expressive Arts', 'expressive-arts', 7),
  ('Technology Studies', 'technology-studies', 8),
  ('Home Economics', 'home-economics', 9),
  ('Physical Education', 'physical-education', 10),
  ('Religious Education', 'religious-education', 11),
  ('Civic Education', 'civic-education', 12),
  ('Biology', 'biology', 13),
  ('Chemistry', 'chemistry', 14),
  ('Physics', 'physics', 15),
  ('Geography', 'geography', 16),
  ('History', 'history', 17),
  ('Computer Studies', 'computer-studies', 18),
  ('Agricultural Science', 'agricultural-science', 19),
  ('Commerce and Business Studies', 'commerce-and-business-studies', 20),
  ('Literature in English', 'literature-in-english', 21),
  ('French', 'french', 22),
  ('Music', 'music', 23),
  ('Art and Design', 'art-and-design', 24);
