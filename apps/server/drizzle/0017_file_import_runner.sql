ALTER TABLE "file_imports" ADD COLUMN "runner" jsonb;--> statement-breakpoint
ALTER TABLE "file_imports" ADD COLUMN "heartbeat_at" timestamp with time zone;