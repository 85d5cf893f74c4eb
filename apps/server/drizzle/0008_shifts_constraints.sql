-- No caregiver holds two overlapping shifts that are not cancelled (issue "Scheduling" item 3). Ranges are
-- half-open, so a shift may start when the previous one ends.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE shifts ADD CONSTRAINT shifts_caregiver_no_overlap EXCLUDE USING gist (
  caregiver_id WITH =,
  tstzrange(start_at, end_at, '[)') WITH &&
) WHERE (caregiver_id IS NOT NULL AND status <> 'cancelled');
--> statement-breakpoint
CREATE TRIGGER shifts_audit AFTER INSERT OR UPDATE OR DELETE ON shifts
  FOR EACH ROW EXECUTE FUNCTION audit_row('', 'branch_id');
--> statement-breakpoint
CREATE TRIGGER shift_timesheets_audit AFTER INSERT OR UPDATE OR DELETE ON shift_timesheets
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER shift_patterns_audit AFTER INSERT OR UPDATE OR DELETE ON shift_patterns
  FOR EACH ROW EXECUTE FUNCTION audit_row('', 'branch_id');
--> statement-breakpoint
CREATE TRIGGER pay_period_lock_times_audit AFTER INSERT OR UPDATE OR DELETE ON pay_period_lock_times
  FOR EACH ROW EXECUTE FUNCTION audit_row('', 'branch_id');
