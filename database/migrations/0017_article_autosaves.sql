CREATE TABLE "article_autosaves" (
	"user_id" uuid NOT NULL,
	"article_key" text NOT NULL,
	"fields" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_autosaves_user_id_article_key_pk" PRIMARY KEY("user_id","article_key")
);
--> statement-breakpoint
ALTER TABLE "article_autosaves" ADD CONSTRAINT "article_autosaves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;