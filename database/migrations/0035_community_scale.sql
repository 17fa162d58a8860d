CREATE TABLE "community_posters" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"posts" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_stats" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "community_stats_one_row" CHECK ("community_stats"."id")
);
--> statement-breakpoint
DROP INDEX "community_questions_published_idx";--> statement-breakpoint
ALTER TABLE "community_questions" ADD COLUMN "answer_votes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "community_posters" ADD CONSTRAINT "community_posters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_questions_published_idx" ON "community_questions" USING btree ("status","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- One account's published posts move from `from_user` to `to_user` (either may be none).
CREATE FUNCTION community_poster_moves(from_user uuid, to_user uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF from_user IS NOT DISTINCT FROM to_user THEN RETURN; END IF;
  IF from_user IS NOT NULL THEN
    UPDATE community_posters SET posts = posts - 1 WHERE user_id = from_user;
  END IF;
  IF to_user IS NOT NULL THEN
    INSERT INTO community_posters (user_id, posts) VALUES (to_user, 1)
    ON CONFLICT (user_id) DO UPDATE SET posts = community_posters.posts + 1;
  END IF;
END $$;
--> statement-breakpoint
-- A restore (educator.restoring) recounts everything once at its end instead.
CREATE FUNCTION community_questions_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_shown boolean := TG_OP <> 'INSERT' AND OLD.status = 'published';
  is_shown boolean := TG_OP <> 'DELETE' AND NEW.status = 'published';
  was_answered boolean := was_shown AND OLD.answer_count > 0;
  is_answered boolean := is_shown AND NEW.answer_count > 0;
BEGIN
  IF current_setting('educator.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF was_shown <> is_shown OR was_answered <> is_answered THEN
    UPDATE community_stats SET questions = questions + is_shown::int - was_shown::int, answered = answered + is_answered::int - was_answered::int;
  END IF;
  PERFORM community_poster_moves(CASE WHEN was_shown THEN OLD.user_id END, CASE WHEN is_shown THEN NEW.user_id END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION community_answers_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_shown boolean := TG_OP <> 'INSERT' AND OLD.status = 'published';
  is_shown boolean := TG_OP <> 'DELETE' AND NEW.status = 'published';
  votes_before integer := CASE WHEN was_shown THEN OLD.votes ELSE 0 END;
  votes_after integer := CASE WHEN is_shown THEN NEW.votes ELSE 0 END;
BEGIN
  IF current_setting('educator.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF was_shown <> is_shown THEN
    UPDATE community_stats SET answers = answers + is_shown::int - was_shown::int;
  END IF;
  IF votes_before <> votes_after THEN
    UPDATE community_questions SET answer_votes = answer_votes + votes_after - votes_before
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.question_id ELSE NEW.question_id END;
  END IF;
  PERFORM community_poster_moves(CASE WHEN was_shown THEN OLD.user_id END, CASE WHEN is_shown THEN NEW.user_id END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER community_questions_counts AFTER INSERT OR UPDATE OF status, answer_count, user_id OR DELETE ON community_questions
FOR EACH ROW EXECUTE FUNCTION community_questions_counts();
--> statement-breakpoint
CREATE TRIGGER community_answers_counts AFTER INSERT OR UPDATE OF status, votes, user_id OR DELETE ON community_answers
FOR EACH ROW EXECUTE FUNCTION community_answers_counts();
--> statement-breakpoint
-- Every count from the rows themselves: here, and after a restore.
CREATE FUNCTION community_recount() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM community_stats;
  INSERT INTO community_stats (questions, answered, answers)
  SELECT count(*) FILTER (WHERE status = 'published'),
         count(*) FILTER (WHERE status = 'published' AND answer_count > 0),
         (SELECT count(*) FROM community_answers WHERE status = 'published')
  FROM community_questions;
  DELETE FROM community_posters;
  INSERT INTO community_posters (user_id, posts)
  SELECT user_id, count(*) FROM (
    SELECT user_id FROM community_questions WHERE status = 'published' AND user_id IS NOT NULL
    UNION ALL
    SELECT user_id FROM community_answers WHERE status = 'published' AND user_id IS NOT NULL
  ) AS posts GROUP BY user_id;
  UPDATE community_questions AS q SET answer_votes = coalesce(
    (SELECT sum(a.votes) FROM community_answers AS a WHERE a.question_id = q.id AND a.status = 'published'), 0)
  WHERE q.answer_votes IS DISTINCT FROM coalesce(
    (SELECT sum(a.votes) FROM community_answers AS a WHERE a.question_id = q.id AND a.status = 'published'), 0);
END $$;
--> statement-breakpoint
SELECT community_recount();
