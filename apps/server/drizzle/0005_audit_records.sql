-- The records of the clients, caregivers and payer sources issue are audited like the rest (audit_row in 0001).
--> statement-breakpoint
CREATE TRIGGER payer_sources_audit AFTER INSERT OR UPDATE OR DELETE ON payer_sources
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER payer_source_services_audit AFTER INSERT OR UPDATE OR DELETE ON payer_source_services
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER client_addresses_audit AFTER INSERT OR UPDATE OR DELETE ON client_addresses
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER client_contacts_audit AFTER INSERT OR UPDATE OR DELETE ON client_contacts
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER client_authorizations_audit AFTER INSERT OR UPDATE OR DELETE ON client_authorizations
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER client_files_audit AFTER INSERT OR UPDATE OR DELETE ON client_files
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER client_journal_entries_audit AFTER INSERT OR UPDATE OR DELETE ON client_journal_entries
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER nurse_assessments_audit AFTER INSERT OR UPDATE OR DELETE ON nurse_assessments
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER caregiver_addresses_audit AFTER INSERT OR UPDATE OR DELETE ON caregiver_addresses
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER caregiver_credentials_audit AFTER INSERT OR UPDATE OR DELETE ON caregiver_credentials
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER caregiver_files_audit AFTER INSERT OR UPDATE OR DELETE ON caregiver_files
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER caregiver_journal_entries_audit AFTER INSERT OR UPDATE OR DELETE ON caregiver_journal_entries
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER caregiver_cash_advances_audit AFTER INSERT OR UPDATE OR DELETE ON caregiver_cash_advances
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
