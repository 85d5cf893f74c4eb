ALTER TABLE "file_import_rows" ADD COLUMN "warning" text;--> statement-breakpoint
ALTER TABLE "file_imports" ADD COLUMN "warning_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rows written with a note (an address not saved) had it in message: it is their warning now.
UPDATE "file_import_rows" SET "warning" = "message", "message" = NULL WHERE "status" <> 'error' AND "message" IS NOT NULL;--> statement-breakpoint
UPDATE "file_imports" f SET "warning_count" = w.n FROM (
  SELECT "file_import_id", count(*)::int AS n FROM "file_import_rows" WHERE "warning" IS NOT NULL GROUP BY "file_import_id"
) w WHERE w."file_import_id" = f."id";
