CREATE TABLE "page_view_days" (
	"day" date PRIMARY KEY NOT NULL,
	"views" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_view_path_days" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" bigint NOT NULL,
	CONSTRAINT "page_view_path_days_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE TABLE "page_view_referrer_days" (
	"day" date NOT NULL,
	"referrer" text NOT NULL,
	"views" bigint NOT NULL,
	CONSTRAINT "page_view_referrer_days_day_referrer_pk" PRIMARY KEY("day","referrer")
);
--> statement-breakpoint
CREATE TABLE "page_view_visitor_days" (
	"day" date NOT NULL,
	"visitor_id" text NOT NULL,
	CONSTRAINT "page_view_visitor_days_day_visitor_id_pk" PRIMARY KEY("day","visitor_id")
);
