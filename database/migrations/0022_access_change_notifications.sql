-- Who may see what changes when a session ends (signed out, revoked, expired and pruned, the
-- account deleted) or a role changes: each is announced on "access_changes" with the account's id,
-- so an open event stream looks at its session again at once (app/routes/api/events.ts).
-- TG_ARGV[0] names the column holding the account's id. Never sent to browsers.
CREATE OR REPLACE FUNCTION notify_access_change() RETURNS trigger AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed := to_jsonb(OLD);
  ELSE
    changed := to_jsonb(NEW);
  END IF;
  PERFORM pg_notify('access_changes', changed ->> TG_ARGV[0]);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_access_notify AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_access_change('user_id');
--> statement-breakpoint
CREATE TRIGGER profiles_access_notify AFTER UPDATE OF role ON profiles FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role) EXECUTE FUNCTION notify_access_change('id');
