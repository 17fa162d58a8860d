CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event" text NOT NULL,
	"event_id" uuid NOT NULL,
	"payload" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone DEFAULT now() + interval '24 hours' NOT NULL,
	"claimed_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"last_duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('queued', 'sending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"name" text NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "webhooks_name_check" CHECK (length("webhooks"."name") between 1 and 80),
	CONSTRAINT "webhooks_url_check" CHECK (length("webhooks"."url") between 1 and 2000),
	CONSTRAINT "webhooks_events_check" CHECK (cardinality("webhooks"."events") > 0)
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_key" ON "webhook_deliveries" USING btree ("webhook_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "webhooks_created_at_idx" ON "webhooks" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Webhook events, raised by the database itself (app/server/webhooks/): whatever changed the row
-- (the editor, scheduled publishing, an import, SQL typed by hand), in the same transaction. Each
-- event is one row per webhook subscribed to it in webhook_deliveries (the outbox), sharing one
-- event id, with its JSON body built here; the channel wakes the senders at commit. A restore
-- (educator.restoring) raises none.
CREATE FUNCTION webhook_time(t timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint
-- The site's address, as the server last started with it (app/server/core/public-url.server.ts).
CREATE FUNCTION webhook_site_url() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT value FROM app_settings WHERE key = 'public_url'), '')
$$;
--> statement-breakpoint
CREATE FUNCTION webhook_event(event_name text, data json) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  new_event_id uuid;
BEGIN
  IF current_setting('educator.restoring', true) = 'on' THEN RETURN; END IF;
  IF NOT EXISTS (SELECT 1 FROM webhooks WHERE disabled_at IS NULL AND event_name = ANY (events)) THEN RETURN; END IF;
  new_event_id := gen_random_uuid();
  INSERT INTO webhook_deliveries (webhook_id, event, event_id, payload)
  SELECT id, event_name, new_event_id,
    json_build_object('id', new_event_id, 'event', event_name, 'created_at', webhook_time(now()), 'data', data)::text
  FROM webhooks WHERE disabled_at IS NULL AND event_name = ANY (events);
  PERFORM pg_notify('webhook_deliveries', event_name);
END $$;
--> statement-breakpoint
CREATE FUNCTION webhook_article_data(a articles) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'id', a.id,
    'title', a.title,
    'slug', a.slug,
    'path', '/articles/' || a.id,
    'url', webhook_site_url() || '/articles/' || a.id,
    'status', a.status,
    'excerpt', a.excerpt,
    'language', a.language,
    'category', (SELECT json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) FROM categories c WHERE c.id = a.category_id),
    'featured_image_url', a.featured_image_url,
    'published_at', webhook_time(a.published_at),
    'updated_at', webhook_time(a.updated_at))
$$;
--> statement-breakpoint
-- published: an article became published (or was made so); unpublished: a published one no longer
-- is; updated: saved while published (the reading counter is not a change); deleted: a published
-- one was deleted (a draft was never public: its deletion is nobody's news).
CREATE FUNCTION articles_webhook_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM webhook_event('article.deleted', webhook_article_data(OLD));
  ELSIF TG_OP = 'INSERT' OR OLD.status <> 'published' THEN
    PERFORM webhook_event('article.published', webhook_article_data(NEW));
  ELSIF NEW.status <> 'published' THEN
    PERFORM webhook_event('article.unpublished', webhook_article_data(NEW));
  ELSE
    PERFORM webhook_event('article.updated', webhook_article_data(NEW));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER articles_webhooks_insert AFTER INSERT ON articles
FOR EACH ROW WHEN (NEW.status = 'published') EXECUTE FUNCTION articles_webhook_events();
--> statement-breakpoint
CREATE TRIGGER articles_webhooks_update AFTER UPDATE ON articles
FOR EACH ROW WHEN ((OLD.status = 'published' OR NEW.status = 'published') AND (
  OLD.status IS DISTINCT FROM NEW.status OR OLD.title IS DISTINCT FROM NEW.title OR OLD.slug IS DISTINCT FROM NEW.slug
  OR OLD.excerpt IS DISTINCT FROM NEW.excerpt OR OLD.category_id IS DISTINCT FROM NEW.category_id
  OR OLD.featured_image_url IS DISTINCT FROM NEW.featured_image_url OR OLD.featured_image_alt IS DISTINCT FROM NEW.featured_image_alt
  OR OLD.published_at IS DISTINCT FROM NEW.published_at OR OLD.updated_at IS DISTINCT FROM NEW.updated_at
  OR OLD.author_id IS DISTINCT FROM NEW.author_id OR OLD.language IS DISTINCT FROM NEW.language
  OR OLD.level IS DISTINCT FROM NEW.level OR OLD.resource_type IS DISTINCT FROM NEW.resource_type
  OR OLD.content IS DISTINCT FROM NEW.content))
EXECUTE FUNCTION articles_webhook_events();
--> statement-breakpoint
CREATE TRIGGER articles_webhooks_delete AFTER DELETE ON articles
FOR EACH ROW WHEN (OLD.status = 'published') EXECUTE FUNCTION articles_webhook_events();
--> statement-breakpoint
-- comment.approved: a comment became approved (or was written approved).
CREATE FUNCTION comments_webhook_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_event('comment.approved', (
    SELECT json_build_object(
      'id', NEW.id,
      'author_name', NEW.author_name,
      'content', NEW.content,
      'created_at', webhook_time(NEW.created_at),
      'article', json_build_object('id', a.id, 'title', a.title, 'slug', a.slug, 'path', '/articles/' || a.id, 'url', webhook_site_url() || '/articles/' || a.id))
    FROM articles a WHERE a.id = NEW.article_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER comments_webhooks_insert AFTER INSERT ON comments
FOR EACH ROW WHEN (NEW.status = 'approved') EXECUTE FUNCTION comments_webhook_events();
--> statement-breakpoint
CREATE TRIGGER comments_webhooks_update AFTER UPDATE OF status ON comments
FOR EACH ROW WHEN (NEW.status = 'approved' AND OLD.status <> 'approved') EXECUTE FUNCTION comments_webhook_events();
--> statement-breakpoint
-- question.answered: an answer to a published Ask Kafundisha question went public.
CREATE FUNCTION community_answers_webhook_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  data json;
BEGIN
  SELECT json_build_object(
    'id', NEW.id,
    'author_name', NEW.author_name,
    'by_staff', NEW.by_staff,
    'body', NEW.body,
    'published_at', webhook_time(coalesce(NEW.published_at, now())),
    'question', json_build_object(
      'id', q.id, 'title', q.title, 'slug', q.slug,
      'path', '/ask-kafundisha/' || q.id || '-' || q.slug,
      'url', webhook_site_url() || '/ask-kafundisha/' || q.id || '-' || q.slug))
  INTO data
  FROM community_questions q WHERE q.id = NEW.question_id AND q.status = 'published';
  IF data IS NOT NULL THEN PERFORM webhook_event('question.answered', data); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER community_answers_webhooks_insert AFTER INSERT ON community_answers
FOR EACH ROW WHEN (NEW.status = 'published') EXECUTE FUNCTION community_answers_webhook_events();
--> statement-breakpoint
CREATE TRIGGER community_answers_webhooks_update AFTER UPDATE OF status ON community_answers
FOR EACH ROW WHEN (NEW.status = 'published' AND OLD.status <> 'published') EXECUTE FUNCTION community_answers_webhook_events();
--> statement-breakpoint
-- subscriber.confirmed: a newsletter subscription was confirmed (the address, never a token).
CREATE FUNCTION newsletter_subscribers_webhook_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM webhook_event('subscriber.confirmed', json_build_object(
    'id', NEW.id, 'email', NEW.email, 'confirmed_at', webhook_time(coalesce(NEW.confirmed_at, now()))));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER newsletter_subscribers_webhooks_insert AFTER INSERT ON newsletter_subscribers
FOR EACH ROW WHEN (NEW.status = 'confirmed') EXECUTE FUNCTION newsletter_subscribers_webhook_events();
--> statement-breakpoint
CREATE TRIGGER newsletter_subscribers_webhooks_update AFTER UPDATE OF status ON newsletter_subscribers
FOR EACH ROW WHEN (NEW.status = 'confirmed' AND OLD.status <> 'confirmed') EXECUTE FUNCTION newsletter_subscribers_webhook_events();
