CREATE TABLE "care_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"caregiver_id" integer NOT NULL,
	"completed_tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"caregiver_comment" text,
	"transportation_data" jsonb,
	"client_signature" text,
	"client_initials" text,
	"client_unable_to_sign_reason" text,
	"caregiver_signature" text,
	"caregiver_initials" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caregiver_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"caregiver_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"app_version" text,
	"platform" text,
	"user_agent" text,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "client_record_receipts" (
	"client_record_id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"action" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "encryption_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key_uuid" uuid NOT NULL,
	"sealed_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_sheets" ADD CONSTRAINT "care_sheets_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_sheets" ADD CONSTRAINT "care_sheets_caregiver_id_caregivers_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_devices" ADD CONSTRAINT "caregiver_devices_caregiver_id_caregivers_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_devices" ADD CONSTRAINT "caregiver_devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_record_receipts" ADD CONSTRAINT "client_record_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encryption_keys" ADD CONSTRAINT "encryption_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_sheets_shift_idx" ON "care_sheets" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "care_sheets_caregiver_idx" ON "care_sheets" USING btree ("caregiver_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "caregiver_devices_device_idx" ON "caregiver_devices" USING btree ("caregiver_id","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "encryption_keys_uuid_idx" ON "encryption_keys" USING btree ("key_uuid");