-- The access log is append-only (HIPAA 45 CFR 164.312(b)): UPDATE, DELETE and TRUNCATE raise, whoever runs them,
-- unless the transaction set app.access_log_retention to 'on', which only the daily retention job does
-- (access-log.retention.ts) and only to delete entries past the company's retention. A trigger rather than a
-- REVOKE: the application connects as the table's owner (and PGlite has one role), and an owner keeps its rights.
CREATE OR REPLACE FUNCTION access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(current_setting('app.access_log_retention', true), '') = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'The access log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER access_log_append_only BEFORE UPDATE OR DELETE ON access_log
  FOR EACH ROW EXECUTE FUNCTION access_log_append_only();
--> statement-breakpoint
CREATE TRIGGER access_log_no_truncate BEFORE TRUNCATE ON access_log
  FOR EACH STATEMENT EXECUTE FUNCTION access_log_append_only();
--> statement-breakpoint
-- A company's settings (payroll, EVV, security) are audited like the other settings rows.
CREATE TRIGGER companies_audit AFTER INSERT OR UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
