-- Counts distinct visitors per day as they arrive (page_view_days.visitors), so the
-- analytics screen never counts page_view_visitor_days rows. Otherwise as in 0007.
UPDATE page_view_days d SET visitors = v.n
  FROM (SELECT day, count(*) AS n FROM page_view_visitor_days GROUP BY day) v
  WHERE d.day = v.day;
--> statement-breakpoint
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
  WITH first_visits AS (
    INSERT INTO page_view_visitor_days (day, visitor_id)
      SELECT DISTINCT (created_at AT TIME ZONE zone)::date, visitor_id FROM new_rows ORDER BY 1, 2
      ON CONFLICT DO NOTHING
      RETURNING day
  )
  UPDATE page_view_days d SET visitors = d.visitors + f.n
    FROM (SELECT day, count(*) AS n FROM first_visits GROUP BY day) f
    WHERE d.day = f.day;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
