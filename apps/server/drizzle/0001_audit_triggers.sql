-- Audit trail: every audited table gets the audit_row() trigger. Arguments: the column holding the user the
-- row belongs to (for the user history screen) and the column holding its branch, or '' when there is none.
-- The changing user comes from set_config('app.user_id', ..., true), set in each request transaction.
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_json jsonb := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) END;
  new_json jsonb := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN to_jsonb(NEW) END;
  row_json jsonb := coalesce(new_json, old_json);
  changer text := nullif(current_setting('app.user_id', true), '');
BEGIN
  IF TG_OP = 'UPDATE' AND old_json = new_json THEN
    RETURN NEW;
  END IF;
  INSERT INTO audit_log (table_name, operation, row_id, user_id, branch_id, changed_by, old_row, new_row)
  VALUES (
    TG_TABLE_NAME,
    TG_OP,
    (row_json ->> 'id')::integer,
    CASE WHEN TG_ARGV[0] <> '' THEN (row_json ->> TG_ARGV[0])::integer END,
    CASE WHEN TG_ARGV[1] <> '' THEN (row_json ->> TG_ARGV[1])::integer END,
    changer::integer,
    old_json,
    new_json
  );
  RETURN coalesce(NEW, OLD);
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_audit AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION audit_row('id', '');
--> statement-breakpoint
CREATE TRIGGER branch_users_audit AFTER INSERT OR UPDATE OR DELETE ON "_BranchToUser"
  FOR EACH ROW EXECUTE FUNCTION audit_row('B', 'A');
--> statement-breakpoint
CREATE TRIGGER roles_audit AFTER INSERT OR UPDATE OR DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER branches_audit AFTER INSERT OR UPDATE OR DELETE ON branches
  FOR EACH ROW EXECUTE FUNCTION audit_row('', 'id');
--> statement-breakpoint
CREATE TRIGGER clients_audit AFTER INSERT OR UPDATE OR DELETE ON clients
  FOR EACH ROW EXECUTE FUNCTION audit_row('', 'branch_id');
--> statement-breakpoint
CREATE TRIGGER caregivers_audit AFTER INSERT OR UPDATE OR DELETE ON caregivers
  FOR EACH ROW EXECUTE FUNCTION audit_row('', 'branch_id');
