-- Custom SQL migration file, put your code below! ---- The EVV dashboard's stored flags and rollups (apps/server/src/features/dashboards/dashboards.schema.ts), kept
-- current by triggers in the transaction that changes a shift, its timesheets or its branch's time zone.
-- The flags repeat evvVisitsCte (dashboards-evv.sql.ts) without the drill-down columns; the integration tests
-- compare both after every kind of change. The late check-in grace (15 minutes) is LATE_CHECK_IN_GRACE_MINUTES.
CREATE VIEW evv_visit_flags_source AS
SELECT s.id AS shift_id, s.branch_id, (s.start_at AT TIME ZONE b.timezone)::date AS local_date, s.caregiver_id,
  s.client_id,
  coalesce(NOT t.manual_edit AND NOT t.clock_skew AND t.every_check_inside AND t.eff_out > t.eff_in, false) AS compliant,
  t.geofence_exception, t.manual_edit,
  coalesce(t.eff_in > s.start_at + interval '15 minutes', false) AS late_check_in
FROM shifts s
JOIN branches b ON b.id = s.branch_id
CROSS JOIN LATERAL (
  SELECT coalesce(min(ts.check_in) FILTER (WHERE ts.check_in_type = 3), min(ts.check_in)) AS eff_in,
    coalesce(max(ts.check_out) FILTER (WHERE ts.check_out_type = 3), max(ts.check_out)) AS eff_out,
    coalesce(bool_or((ts.check_in IS NOT NULL AND ts.check_in_type = 3)
      OR (ts.check_out IS NOT NULL AND ts.check_out_type = 3)), false) AS manual_edit,
    coalesce(bool_or((ts.check_in IS NOT NULL AND ts.check_in_type IN (1, 2)
        AND ts.check_in_metadata->>'insideGeofence' = 'false')
      OR (ts.check_out IS NOT NULL AND ts.check_out_type IN (1, 2)
        AND ts.check_out_metadata->>'insideGeofence' = 'false')), false) AS geofence_exception,
    coalesce(bool_or((ts.check_in IS NOT NULL AND ts.check_in_type IN (1, 2)
        AND ts.check_in_metadata->>'clockSkew' = 'true')
      OR (ts.check_out IS NOT NULL AND ts.check_out_type IN (1, 2)
        AND ts.check_out_metadata->>'clockSkew' = 'true')), false) AS clock_skew,
    -- "is true": an unknown geofence result (JSON null) fails the check instead of being skipped by bool_and.
    coalesce(bool_and(((ts.check_in IS NULL OR (ts.check_in IS NOT NULL AND ts.check_in_type IN (1, 2)
        AND ts.check_in_metadata->>'insideGeofence' = 'true'))
      AND (ts.check_out IS NULL OR (ts.check_out IS NOT NULL AND ts.check_out_type IN (1, 2)
        AND ts.check_out_metadata->>'insideGeofence' = 'true'))) IS TRUE), false) AS every_check_inside
  FROM shift_timesheets ts
  WHERE ts.shift_id = s.id
) t
WHERE s.status = 'completed';
--> statement-breakpoint
-- Recomputes the stored flags of the shifts `ids`: a row for each completed one, none for the others; a row is
-- written only when its values change, so the rollups move only then.
CREATE FUNCTION evv_visit_flags_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN
    RETURN;
  END IF;
  -- Two transactions changing one visit's timesheets take turns here, so the later one computes its flags from
  -- the other's committed rows instead of overwriting them with its own snapshot's.
  PERFORM 1 FROM shifts WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM evv_visit_flags f
  WHERE f.shift_id = ANY (ids) AND NOT EXISTS (SELECT 1 FROM shifts s WHERE s.id = f.shift_id AND s.status = 'completed');
  INSERT INTO evv_visit_flags AS f (shift_id, branch_id, local_date, caregiver_id, client_id, compliant,
    geofence_exception, manual_edit, late_check_in)
  SELECT v.shift_id, v.branch_id, v.local_date, v.caregiver_id, v.client_id, v.compliant, v.geofence_exception,
    v.manual_edit, v.late_check_in
  FROM evv_visit_flags_source v WHERE v.shift_id = ANY (ids)
  ORDER BY v.shift_id
  ON CONFLICT (shift_id) DO UPDATE SET branch_id = excluded.branch_id, local_date = excluded.local_date,
    caregiver_id = excluded.caregiver_id, client_id = excluded.client_id, compliant = excluded.compliant,
    geofence_exception = excluded.geofence_exception, manual_edit = excluded.manual_edit,
    late_check_in = excluded.late_check_in
  WHERE (f.branch_id, f.local_date, f.caregiver_id, f.client_id, f.compliant, f.geofence_exception, f.manual_edit,
    f.late_check_in) IS DISTINCT FROM (excluded.branch_id, excluded.local_date, excluded.caregiver_id,
    excluded.client_id, excluded.compliant, excluded.geofence_exception, excluded.manual_edit, excluded.late_check_in);
END $$;
--> statement-breakpoint
-- Adds the rows a statement wrote to evv_visit_flags to the rollups and takes away those it removed or replaced.
-- Keys are upserted in order, so concurrent transactions lock rollup rows in the same order. Dynamic SQL because
-- each event has its own transition tables (an INSERT has no old rows to name).
CREATE FUNCTION evv_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT n.*, 1 AS sign FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT o.*, -1 AS sign FROM old_rows o'
    ELSE 'SELECT n.*, 1 AS sign FROM new_rows n UNION ALL SELECT o.*, -1 AS sign FROM old_rows o' END;
BEGIN
  EXECUTE format($q$WITH d AS (%s),
  days AS (
    INSERT INTO evv_branch_days AS r (local_date, branch_id, visits, compliant, geofence_exceptions, manual_edits, late_check_ins)
    SELECT local_date, branch_id, sum(sign), sum(sign * compliant::int), sum(sign * geofence_exception::int),
      sum(sign * manual_edit::int), sum(sign * late_check_in::int)
    FROM d GROUP BY 1, 2
    HAVING (sum(sign), sum(sign * compliant::int), sum(sign * geofence_exception::int), sum(sign * manual_edit::int),
      sum(sign * late_check_in::int)) <> (0, 0, 0, 0, 0)
    ORDER BY 1, 2
    ON CONFLICT (local_date, branch_id) DO UPDATE SET visits = r.visits + excluded.visits,
      compliant = r.compliant + excluded.compliant, geofence_exceptions = r.geofence_exceptions + excluded.geofence_exceptions,
      manual_edits = r.manual_edits + excluded.manual_edits, late_check_ins = r.late_check_ins + excluded.late_check_ins
  ),
  caregiver_weeks AS (
    INSERT INTO evv_caregiver_weeks AS r (week_start, branch_id, caregiver_id, visits, compliant, geofence_exceptions, manual_edits, late_check_ins)
    SELECT local_date - extract(dow FROM local_date)::int, branch_id, caregiver_id, sum(sign), sum(sign * compliant::int), sum(sign * geofence_exception::int),
      sum(sign * manual_edit::int), sum(sign * late_check_in::int)
    FROM d WHERE caregiver_id IS NOT NULL GROUP BY 1, 2, 3
    HAVING (sum(sign), sum(sign * compliant::int), sum(sign * geofence_exception::int), sum(sign * manual_edit::int),
      sum(sign * late_check_in::int)) <> (0, 0, 0, 0, 0)
    ORDER BY 1, 2, 3
    ON CONFLICT (week_start, branch_id, caregiver_id) DO UPDATE SET visits = r.visits + excluded.visits,
      compliant = r.compliant + excluded.compliant, geofence_exceptions = r.geofence_exceptions + excluded.geofence_exceptions,
      manual_edits = r.manual_edits + excluded.manual_edits, late_check_ins = r.late_check_ins + excluded.late_check_ins
  )
  INSERT INTO evv_client_weeks AS r (week_start, branch_id, client_id, visits, compliant, geofence_exceptions, manual_edits, late_check_ins)
    SELECT local_date - extract(dow FROM local_date)::int, branch_id, client_id, sum(sign), sum(sign * compliant::int), sum(sign * geofence_exception::int),
      sum(sign * manual_edit::int), sum(sign * late_check_in::int)
    FROM d GROUP BY 1, 2, 3
    HAVING (sum(sign), sum(sign * compliant::int), sum(sign * geofence_exception::int), sum(sign * manual_edit::int),
      sum(sign * late_check_in::int)) <> (0, 0, 0, 0, 0)
    ORDER BY 1, 2, 3
    ON CONFLICT (week_start, branch_id, client_id) DO UPDATE SET visits = r.visits + excluded.visits,
      compliant = r.compliant + excluded.compliant, geofence_exceptions = r.geofence_exceptions + excluded.geofence_exceptions,
      manual_edits = r.manual_edits + excluded.manual_edits, late_check_ins = r.late_check_ins + excluded.late_check_ins$q$, delta);
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER evv_visit_flags_inserted AFTER INSERT ON evv_visit_flags REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION evv_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER evv_visit_flags_updated AFTER UPDATE ON evv_visit_flags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION evv_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER evv_visit_flags_deleted AFTER DELETE ON evv_visit_flags REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION evv_rollups_apply();
--> statement-breakpoint
-- A shift inserted, deleted, or changed in what the flags read (status, start, branch, caregiver, client).
CREATE FUNCTION evv_shifts_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM evv_visit_flags_refresh(ARRAY(SELECT n.id FROM new_rows n WHERE n.status = 'completed'));
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM evv_visit_flags f WHERE f.shift_id IN (SELECT o.id FROM old_rows o);
  ELSE
    PERFORM evv_visit_flags_refresh(ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.status = 'completed' OR o.status = 'completed')
        AND (n.status, n.start_at, n.branch_id, n.caregiver_id, n.client_id)
          IS DISTINCT FROM (o.status, o.start_at, o.branch_id, o.caregiver_id, o.client_id)));
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER shifts_evv_inserted AFTER INSERT ON shifts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION evv_shifts_changed();
--> statement-breakpoint
CREATE TRIGGER shifts_evv_updated AFTER UPDATE ON shifts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION evv_shifts_changed();
--> statement-breakpoint
CREATE TRIGGER shifts_evv_deleted AFTER DELETE ON shifts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION evv_shifts_changed();
--> statement-breakpoint
-- Any change of a timesheet may change its visit's flags.
CREATE FUNCTION evv_timesheets_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM evv_visit_flags_refresh(ARRAY(SELECT DISTINCT n.shift_id FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM evv_visit_flags_refresh(ARRAY(SELECT DISTINCT o.shift_id FROM old_rows o));
  ELSE
    PERFORM evv_visit_flags_refresh(ARRAY(SELECT n.shift_id FROM new_rows n UNION SELECT o.shift_id FROM old_rows o));
  END IF;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER shift_timesheets_evv_inserted AFTER INSERT ON shift_timesheets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION evv_timesheets_changed();
--> statement-breakpoint
CREATE TRIGGER shift_timesheets_evv_updated AFTER UPDATE ON shift_timesheets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION evv_timesheets_changed();
--> statement-breakpoint
CREATE TRIGGER shift_timesheets_evv_deleted AFTER DELETE ON shift_timesheets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION evv_timesheets_changed();
--> statement-breakpoint
-- A branch's new time zone moves the local dates of its visits.
CREATE FUNCTION evv_branches_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM evv_visit_flags_refresh(ARRAY(SELECT s.id FROM shifts s
    JOIN new_rows n ON n.id = s.branch_id JOIN old_rows o ON o.id = n.id
    WHERE n.timezone IS DISTINCT FROM o.timezone AND s.status = 'completed'));
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER branches_evv_updated AFTER UPDATE ON branches REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION evv_branches_changed();
--> statement-breakpoint
-- Recomputes the flags and rollups from scratch: after a bulk load made with triggers off
-- (session_replication_role = replica), or here, once, for the visits recorded before this migration.
CREATE FUNCTION evv_rollups_rebuild() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  TRUNCATE evv_visit_flags, evv_branch_days, evv_caregiver_weeks, evv_client_weeks;
  -- One statement: the rollups trigger adds the whole set at once.
  INSERT INTO evv_visit_flags (shift_id, branch_id, local_date, caregiver_id, client_id, compliant, geofence_exception,
    manual_edit, late_check_in)
  SELECT v.shift_id, v.branch_id, v.local_date, v.caregiver_id, v.client_id, v.compliant, v.geofence_exception,
    v.manual_edit, v.late_check_in
  FROM evv_visit_flags_source v;
END $fn$;
--> statement-breakpoint
SELECT evv_rollups_rebuild();
