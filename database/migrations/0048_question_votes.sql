CREATE TABLE "community_question_votes" (
	"question_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_question_votes_question_id_user_id_pk" PRIMARY KEY("question_id","user_id")
);
--> statement-breakpoint
DROP INDEX "community_questions_popular_idx";--> statement-breakpoint
ALTER TABLE "community_questions" ADD COLUMN "votes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "community_question_votes" ADD CONSTRAINT "community_question_votes_question_id_community_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."community_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_question_votes" ADD CONSTRAINT "community_question_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_question_votes_user_idx" ON "community_question_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "community_questions_popular_idx" ON "community_questions" USING btree ("status","published_at" DESC NULLS FIRST,"answer_count","answer_votes","votes","id");--> statement-breakpoint
-- A vote row counts on its post when it is added and when it goes (taken back, or with its voter's account).
CREATE FUNCTION community_vote_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  IF current_setting('educator.restoring', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_TABLE_NAME = 'community_votes' THEN
    UPDATE community_answers SET votes = votes + change WHERE id = CASE WHEN TG_OP = 'INSERT' THEN NEW.answer_id ELSE OLD.answer_id END;
  ELSE
    UPDATE community_questions SET votes = votes + change WHERE id = CASE WHEN TG_OP = 'INSERT' THEN NEW.question_id ELSE OLD.question_id END;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER community_votes_counts AFTER INSERT OR DELETE ON community_votes
FOR EACH ROW EXECUTE FUNCTION community_vote_counts();
--> statement-breakpoint
CREATE TRIGGER community_question_votes_counts AFTER INSERT OR DELETE ON community_question_votes
FOR EACH ROW EXECUTE FUNCTION community_vote_counts();
--> statement-breakpoint
-- Every count from the rows themselves, votes first (answer votes sum them): here, and after a restore.
CREATE OR REPLACE FUNCTION community_recount() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE community_answers AS a SET votes = counted.n
  FROM (SELECT a2.id, (SELECT count(*) FROM community_votes AS v WHERE v.answer_id = a2.id)::int AS n FROM community_answers AS a2) AS counted
  WHERE counted.id = a.id AND a.votes <> counted.n;
  UPDATE community_questions AS q SET votes = counted.n
  FROM (SELECT q2.id, (SELECT count(*) FROM community_question_votes AS v WHERE v.question_id = q2.id)::int AS n FROM community_questions AS q2) AS counted
  WHERE counted.id = q.id AND q.votes <> counted.n;
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
