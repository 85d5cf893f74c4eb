CREATE TABLE "pay_period_lock_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"lock_time_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_period_lock_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"locks_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_period_lock_times_period_order" CHECK ("pay_period_lock_times"."period_end" >= "pay_period_lock_times"."period_start")
);
--> statement-breakpoint
CREATE TABLE "shift_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"user_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_patterns" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"caregiver_id" integer,
	"service_code" text,
	"modifiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payer_source_id" integer,
	"rrule" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"start_time" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"timezone" text NOT NULL,
	"exdates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"generated_through" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_pickup_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"caregiver_id" integer NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"rank" integer NOT NULL,
	"distance_metres" double precision,
	"past_visits" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"sent_by" integer
);
--> statement-breakpoint
CREATE TABLE "shift_timesheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"check_in" timestamp with time zone,
	"check_out" timestamp with time zone,
	"check_in_type" integer,
	"check_out_type" integer,
	"reason_code" text,
	"reason_note" text,
	"check_in_metadata" jsonb,
	"check_out_metadata" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"caregiver_id" integer,
	"service_code" text,
	"modifiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payer_source_id" integer,
	"authorization_id" integer,
	"pattern_id" integer,
	"occurrence_start" timestamp with time zone,
	"is_exception" boolean DEFAULT false NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"check_in_at" timestamp with time zone,
	"check_out_at" timestamp with time zone,
	"tasks_missing" boolean DEFAULT false NOT NULL,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_end_after_start" CHECK ("shifts"."end_at" > "shifts"."start_at")
);
--> statement-breakpoint
ALTER TABLE "pay_period_lock_overrides" ADD CONSTRAINT "pay_period_lock_overrides_lock_time_id_pay_period_lock_times_id_fk" FOREIGN KEY ("lock_time_id") REFERENCES "public"."pay_period_lock_times"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_period_lock_overrides" ADD CONSTRAINT "pay_period_lock_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_period_lock_times" ADD CONSTRAINT "pay_period_lock_times_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_comments" ADD CONSTRAINT "shift_comments_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_comments" ADD CONSTRAINT "shift_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_patterns" ADD CONSTRAINT "shift_patterns_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_patterns" ADD CONSTRAINT "shift_patterns_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_patterns" ADD CONSTRAINT "shift_patterns_caregiver_id_caregivers_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_patterns" ADD CONSTRAINT "shift_patterns_payer_source_id_payer_sources_id_fk" FOREIGN KEY ("payer_source_id") REFERENCES "public"."payer_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_pickup_invitations" ADD CONSTRAINT "shift_pickup_invitations_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_pickup_invitations" ADD CONSTRAINT "shift_pickup_invitations_caregiver_id_caregivers_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_pickup_invitations" ADD CONSTRAINT "shift_pickup_invitations_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_timesheets" ADD CONSTRAINT "shift_timesheets_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_timesheets" ADD CONSTRAINT "shift_timesheets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_caregiver_id_caregivers_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_payer_source_id_payer_sources_id_fk" FOREIGN KEY ("payer_source_id") REFERENCES "public"."payer_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_authorization_id_client_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."client_authorizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_pattern_id_shift_patterns_id_fk" FOREIGN KEY ("pattern_id") REFERENCES "public"."shift_patterns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_period_lock_overrides_shift_idx" ON "pay_period_lock_overrides" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_period_lock_times_branch_period_idx" ON "pay_period_lock_times" USING btree ("branch_id","period_start");--> statement-breakpoint
CREATE INDEX "shift_comments_shift_idx" ON "shift_comments" USING btree ("shift_id","created_at");--> statement-breakpoint
CREATE INDEX "shift_patterns_client_idx" ON "shift_patterns" USING btree ("client_id","start_date");--> statement-breakpoint
CREATE INDEX "shift_patterns_horizon_idx" ON "shift_patterns" USING btree ("generated_through");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_pickup_invitations_shift_caregiver_idx" ON "shift_pickup_invitations" USING btree ("shift_id","caregiver_id");--> statement-breakpoint
CREATE INDEX "shift_pickup_invitations_caregiver_idx" ON "shift_pickup_invitations" USING btree ("caregiver_id","status");--> statement-breakpoint
CREATE INDEX "shift_timesheets_shift_idx" ON "shift_timesheets" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "shifts_branch_start_idx" ON "shifts" USING btree ("branch_id","start_at");--> statement-breakpoint
CREATE INDEX "shifts_client_start_idx" ON "shifts" USING btree ("client_id","start_at");--> statement-breakpoint
CREATE INDEX "shifts_caregiver_start_idx" ON "shifts" USING btree ("caregiver_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_pattern_occurrence_idx" ON "shifts" USING btree ("pattern_id","occurrence_start");