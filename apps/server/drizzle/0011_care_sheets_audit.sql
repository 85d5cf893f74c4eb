-- Care sheets are part of the visit record (EVV): every change is audited.
CREATE TRIGGER care_sheets_audit AFTER INSERT OR UPDATE OR DELETE ON care_sheets
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
