-- Keeps the page-view rollups in step with every insert into page_views, one set-based
-- statement per insert statement (batched inserts cost one pass). Rows removed later by
-- retention stay counted in the rollups. Days are in the site's time zone, read from
-- app_settings ("site_timezone", written at start), Africa/Lusaka when missing.
-- Rows are upserted in key order so concurrent writers take row locks in the same order.
-- A restore sets educator.restoring = 'on' to load rollups and raw rows as they were.
CREATE OR REPLACE FUNCTION roll_up_page_views() RETURNS trigger AS $$
DECLARE
  zone text := coalesce((SELECT value FROM app_settings WHERE key = 'site_timezone'), 'Africa/Lusaka');
BEGIN
  IF coalesce(current_setting('educator.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO page_view_days (day, views)
    SELECT (created_at AT TIME ZONE zone)::date, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (day) DO UPDATE SET views = page_view_days.views + excluded.views;
  INSERT INTO page_view_path_days (day, path, views)
    SELECT (created_at AT TIME ZONE zone)::date, path, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, path) DO UPDATE SET views = page_view_path_days.views + excluded.views;
  INSERT INTO page_view_referrer_days (day, referrer, views)
    SELECT (created_at AT TIME ZONE zone)::date, coalesce(referrer, ''), count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, referrer) DO UPDATE SET views = page_view_referrer_days.views + excluded.views;
  INSERT INTO page_view_visitor_days (day, visitor_id)
    SELECT DISTINCT (created_at AT TIME ZONE zone)::date, visitor_id FROM new_rows ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER page_views_roll_up AFTER INSERT ON page_views REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION roll_up_page_views();
