-- Live events get their position (seq) in commit order, then NOTIFY it (issue 21 item 1; live.schema.ts).
-- The trigger is deferred to commit time and takes a transaction lock there, so two publishing transactions
-- number their events in the order they commit: a subscriber resuming "after seq N" can never miss an event that
-- committed later with a smaller number. The lock is held only from this trigger to the end of the commit.
CREATE SEQUENCE IF NOT EXISTS "live_events_seq";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_events_commit_order"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_seq bigint;
BEGIN
  -- 0x4c495645 is "LIVE": the one lock key of this ordering.
  PERFORM pg_advisory_xact_lock(1279874629);
  next_seq := nextval('live_events_seq');
  UPDATE "live_events" SET "seq" = next_seq WHERE "id" = NEW."id";
  -- Ids only: a NOTIFY payload is capped at 8,000 bytes and never replayed; the row is the truth.
  PERFORM pg_notify('live_events', next_seq::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "live_events_commit_order" AFTER INSERT ON "live_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_events_commit_order"();
