-- A deleted account's comments stay, anonymously: when its id is cleared (ON DELETE SET NULL), so
-- is the name the comment was posted under.
CREATE OR REPLACE FUNCTION forget_comment_author_name() RETURNS trigger AS $$
BEGIN
  NEW.author_name := NULL;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER comments_forget_author_name BEFORE UPDATE OF user_id ON comments FOR EACH ROW WHEN (NEW.user_id IS NULL) EXECUTE FUNCTION forget_comment_author_name();
