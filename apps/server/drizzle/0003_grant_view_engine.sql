-- Grants the view engine to the staff roles of databases created before it (new databases get the same through
-- the default roles). Adds names only where missing; an admin's later edits are kept.
CREATE OR REPLACE FUNCTION pg_temp.grant_names(current jsonb, names text[]) RETURNS jsonb LANGUAGE sql AS $$
  SELECT coalesce(jsonb_agg(DISTINCT n ORDER BY n), '[]'::jsonb)
  FROM (SELECT jsonb_array_elements_text(current) AS n UNION SELECT unnest(names)) AS all_names
$$;
--> statement-breakpoint
UPDATE roles SET action_permissions = pg_temp.grant_names(action_permissions, ARRAY[
  'getBackendView', 'queryView', 'queryOptionsView', 'getFrontendViews', 'upsertFrontendView', 'deleteFrontendView',
  'getFrontendViewUserPreferences', 'upsertFrontendViewUserPreference'])
WHERE id IN (1, 2, 5, 6, 7);
--> statement-breakpoint
UPDATE roles SET view_permissions = pg_temp.grant_names(view_permissions, ARRAY['branches', 'users']) WHERE id IN (1, 2, 6);
--> statement-breakpoint
UPDATE roles SET view_permissions = pg_temp.grant_names(view_permissions, ARRAY['branches']) WHERE id IN (5, 7);
