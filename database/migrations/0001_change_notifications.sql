-- Every change to a live table is announced on the "table_changes" channel, so each
-- server instance (LISTEN) can tell browsers to refresh. Payload: {"table","op","id"}.
CREATE OR REPLACE FUNCTION notify_table_change() RETURNS trigger AS $$
DECLARE
  row_id text;
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    IF TG_OP = 'DELETE' THEN
      row_id := OLD.id::text;
    ELSE
      row_id := NEW.id::text;
    END IF;
  END IF;
  PERFORM pg_notify('table_changes', json_build_object('table', TG_TABLE_NAME, 'op', lower(TG_OP), 'id', row_id)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER articles_notify AFTER INSERT OR UPDATE OR DELETE ON articles FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER categories_notify AFTER INSERT OR UPDATE OR DELETE ON categories FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER team_members_notify AFTER INSERT OR UPDATE OR DELETE ON team_members FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER comments_notify AFTER INSERT OR UPDATE OR DELETE ON comments FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
CREATE TRIGGER profiles_notify AFTER INSERT OR UPDATE OR DELETE ON profiles FOR EACH ROW EXECUTE FUNCTION notify_table_change();
--> statement-breakpoint
-- Page views arrive in bursts: one event per statement, not per row.
CREATE TRIGGER page_views_notify AFTER INSERT OR UPDATE OR DELETE ON page_views FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();
