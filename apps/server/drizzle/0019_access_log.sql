CREATE TABLE "access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"impersonated_user_id" integer,
	"action" text NOT NULL,
	"reason" text,
	"method" text,
	"mfa_used" boolean,
	"ip_address" text,
	"user_agent" text,
	"record_type" text,
	"record_id" integer,
	"client_id" integer,
	"caregiver_id" integer,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "session_activity" (
	"session_id" integer PRIMARY KEY NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "security_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "session_activity" ADD CONSTRAINT "session_activity_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_company_at_idx" ON "access_log" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "access_log_client_idx" ON "access_log" USING btree ("client_id") WHERE "access_log"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "access_log_caregiver_idx" ON "access_log" USING btree ("caregiver_id") WHERE "access_log"."caregiver_id" is not null;