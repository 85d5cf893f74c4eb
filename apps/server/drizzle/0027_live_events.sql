CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seq" bigint,
	"topic" text NOT NULL,
	"user_ids" integer[] DEFAULT '{}' NOT NULL,
	"branch_ids" integer[] DEFAULT '{}' NOT NULL,
	"ref_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "live_events_seq_idx" ON "live_events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");