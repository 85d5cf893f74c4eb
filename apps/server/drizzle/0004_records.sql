CREATE TABLE "caregiver_cash_advances" (
	"id" serial PRIMARY KEY NOT NULL,
	"caregiver_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"advanced_on" date NOT NULL,
	"reason" text,
	"deducted_on" date,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caregiver_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"caregiver_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text,
	"issued_on" date,
	"expires_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caregiver_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"caregiver_id" integer NOT NULL,
	"filename" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caregiver_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "caregiver_journal_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"caregiver_id" integer NOT NULL,
	"entry_date" date NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"author_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"payer_source_id" integer NOT NULL,
	"service_code" text NOT NULL,
	"modifiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"authorization_number" text,
	"units_per_week" integer,
	"units_per_month" integer,
	"units_total" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"relationship" text NOT NULL,
	"phone_number" text,
	"email" text,
	"is_emergency_contact" boolean DEFAULT false NOT NULL,
	"has_portal_access" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"filename" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "client_journal_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"entry_date" date NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"author_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nurse_assessments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"assessment_type" text NOT NULL,
	"assessed_on" date NOT NULL,
	"next_due_on" date,
	"nurse_user_id" integer,
	"findings" text NOT NULL,
	"care_plan_changes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"user_id" integer,
	"subject" text,
	"body" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payer_source_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"payer_source_id" integer NOT NULL,
	"service_code" text NOT NULL,
	"modifiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text,
	"bill_rate_cents" integer NOT NULL,
	"unit_minutes" integer DEFAULT 15 NOT NULL,
	"rounding_rule" text DEFAULT 'cms_8_minute' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payer_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"external_id" text,
	"name" text NOT NULL,
	"payer_type" text NOT NULL,
	"payer_id" text,
	"evv_aggregator" text DEFAULT 'none' NOT NULL,
	"requires_evv" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "adp_file_number" text;--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "pay_rates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "skills" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "languages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "availability" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "max_weekly_hours" integer;--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "primary_payer_source_id" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "care_plan_tasks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "access_notes" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "caregiver_cash_advances" ADD CONSTRAINT "caregiver_cash_advances_caregiver_id_caregivers_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_cash_advances" ADD CONSTRAINT "caregiver_cash_advances_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_credentials" ADD CONSTRAINT "caregiver_credentials_caregiver_id_caregivers_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_files" ADD CONSTRAINT "caregiver_files_caregiver_id_caregivers_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_files" ADD CONSTRAINT "caregiver_files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_journal_entries" ADD CONSTRAINT "caregiver_journal_entries_caregiver_id_caregivers_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_journal_entries" ADD CONSTRAINT "caregiver_journal_entries_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_authorizations" ADD CONSTRAINT "client_authorizations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_authorizations" ADD CONSTRAINT "client_authorizations_payer_source_id_payer_sources_id_fk" FOREIGN KEY ("payer_source_id") REFERENCES "public"."payer_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_files" ADD CONSTRAINT "client_files_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_files" ADD CONSTRAINT "client_files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_journal_entries" ADD CONSTRAINT "client_journal_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_journal_entries" ADD CONSTRAINT "client_journal_entries_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurse_assessments" ADD CONSTRAINT "nurse_assessments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nurse_assessments" ADD CONSTRAINT "nurse_assessments_nurse_user_id_users_id_fk" FOREIGN KEY ("nurse_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_source_services" ADD CONSTRAINT "payer_source_services_payer_source_id_payer_sources_id_fk" FOREIGN KEY ("payer_source_id") REFERENCES "public"."payer_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_sources" ADD CONSTRAINT "payer_sources_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caregiver_cash_advances_caregiver_idx" ON "caregiver_cash_advances" USING btree ("caregiver_id","advanced_on");--> statement-breakpoint
CREATE INDEX "caregiver_credentials_caregiver_idx" ON "caregiver_credentials" USING btree ("caregiver_id","expires_on");--> statement-breakpoint
CREATE INDEX "caregiver_files_caregiver_idx" ON "caregiver_files" USING btree ("caregiver_id");--> statement-breakpoint
CREATE INDEX "caregiver_journal_entries_caregiver_idx" ON "caregiver_journal_entries" USING btree ("caregiver_id","entry_date");--> statement-breakpoint
CREATE INDEX "client_authorizations_client_idx" ON "client_authorizations" USING btree ("client_id","payer_source_id","start_date");--> statement-breakpoint
CREATE INDEX "client_contacts_client_idx" ON "client_contacts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_files_client_idx" ON "client_files" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_journal_entries_client_idx" ON "client_journal_entries" USING btree ("client_id","entry_date");--> statement-breakpoint
CREATE INDEX "nurse_assessments_client_idx" ON "nurse_assessments" USING btree ("client_id","assessed_on");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payer_source_services_payer_idx" ON "payer_source_services" USING btree ("payer_source_id");--> statement-breakpoint
CREATE INDEX "payer_sources_company_idx" ON "payer_sources" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "payer_sources_external_idx" ON "payer_sources" USING btree ("company_id","external_id");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_primary_payer_source_id_payer_sources_id_fk" FOREIGN KEY ("primary_payer_source_id") REFERENCES "public"."payer_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caregivers_external_idx" ON "caregivers" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "clients_external_idx" ON "clients" USING btree ("external_id");