-- Opening an article adds 1 to its views. Announced as op "views" (not "update"), so the
-- server can keep it from readers' list pages: otherwise every article opened anywhere
-- would make every open list reload, though nothing they show changed. Otherwise as in 0001.
CREATE OR REPLACE FUNCTION notify_table_change() RETURNS trigger AS $$
DECLARE
  row_id text;
  op text := lower(TG_OP);
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    IF TG_OP = 'DELETE' THEN
      row_id := OLD.id::text;
    ELSE
      row_id := NEW.id::text;
    END IF;
    IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'articles' AND (to_jsonb(OLD) - 'views') = (to_jsonb(NEW) - 'views') THEN
      op := 'views';
    END IF;
  END IF;
  PERFORM pg_notify('table_changes', json_build_object('table', TG_TABLE_NAME, 'op', op, 'id', row_id)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
