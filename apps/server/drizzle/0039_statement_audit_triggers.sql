-- Inserts and deletes are audited once per statement (issue "The largest agencies": an import of 100,000 rows at
-- most 20 times COPY; one audit_row() call per row was most of an import's write time). audit_rows() writes the
-- same audit_log rows as audit_row() (0001): one per row, same columns, in the statement's row order, read from the
-- statement's transition table. Updates stay row by row: audit_row() skips an update that changes nothing, which
-- needs each row's old and new values side by side, and PostgreSQL allows a transition table only on a trigger of
-- one event. Every table audited with audit_row() so far is moved here; a new audited table can use either.
CREATE OR REPLACE FUNCTION audit_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changer text := nullif(current_setting('app.user_id', true), '');
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO audit_log (table_name, operation, row_id, user_id, branch_id, changed_by, old_row, new_row)
    SELECT TG_TABLE_NAME, TG_OP, (r.j ->> 'id')::integer,
      CASE WHEN TG_ARGV[0] <> '' THEN (r.j ->> TG_ARGV[0])::integer END,
      CASE WHEN TG_ARGV[1] <> '' THEN (r.j ->> TG_ARGV[1])::integer END,
      changer::integer, NULL, r.j
    FROM (SELECT to_jsonb(n) AS j FROM audit_new n) r;
  ELSE
    INSERT INTO audit_log (table_name, operation, row_id, user_id, branch_id, changed_by, old_row, new_row)
    SELECT TG_TABLE_NAME, TG_OP, (r.j ->> 'id')::integer,
      CASE WHEN TG_ARGV[0] <> '' THEN (r.j ->> TG_ARGV[0])::integer END,
      CASE WHEN TG_ARGV[1] <> '' THEN (r.j ->> TG_ARGV[1])::integer END,
      changer::integer, r.j, NULL
    FROM (SELECT to_jsonb(o) AS j FROM audit_old o) r;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Each audit_row() trigger (INSERT OR UPDATE OR DELETE, row by row) becomes the same trigger for UPDATE only, plus
-- <name>_insert and <name>_delete once per statement with the same arguments.
DO $$
DECLARE
  t record;
  args text;
BEGIN
  FOR t IN
    SELECT tg.tgname, tg.tgrelid::regclass::text AS rel, pg_get_triggerdef(tg.oid) AS def
    FROM pg_trigger tg JOIN pg_proc p ON p.oid = tg.tgfoid
    WHERE p.proname = 'audit_row' AND NOT tg.tgisinternal
    ORDER BY tg.tgname
  LOOP
    args := substring(t.def from 'audit_row\((.*)\)$');
    EXECUTE format('DROP TRIGGER %I ON %s', t.tgname, t.rel);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %s FOR EACH ROW EXECUTE FUNCTION audit_row(%s)', t.tgname, t.rel, args);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS audit_new FOR EACH STATEMENT EXECUTE FUNCTION audit_rows(%s)',
      t.tgname || '_insert', t.rel, args);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS audit_old FOR EACH STATEMENT EXECUTE FUNCTION audit_rows(%s)',
      t.tgname || '_delete', t.rel, args);
  END LOOP;
END;
$$;
