CREATE TABLE "billing_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"shift_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"caregiver_id" integer,
	"payer_source_id" integer NOT NULL,
	"authorization_id" integer,
	"visit_date" date NOT NULL,
	"check_in_at" timestamp with time zone,
	"check_out_at" timestamp with time zone,
	"service_code" text,
	"modifiers" text DEFAULT '' NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"rate_cents" integer,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"evv_required" boolean DEFAULT false NOT NULL,
	"evv_verified" boolean DEFAULT false NOT NULL,
	"over_authorization" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"computed_by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "integration_transaction_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"file_export_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"record_type" text NOT NULL,
	"external_key" text,
	"shift_id" integer,
	"client_id" integer,
	"caregiver_id" integer,
	"status" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"caregiver_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"visit_minutes" integer DEFAULT 0 NOT NULL,
	"travel_minutes" integer DEFAULT 0 NOT NULL,
	"regular_minutes" integer DEFAULT 0 NOT NULL,
	"overtime_minutes" integer DEFAULT 0 NOT NULL,
	"regular_rate_cents" integer DEFAULT 0 NOT NULL,
	"straight_time_pay_cents" bigint DEFAULT 0 NOT NULL,
	"overtime_premium_cents" bigint DEFAULT 0 NOT NULL,
	"mileage_hundredths" integer DEFAULT 0 NOT NULL,
	"mileage_cents" bigint DEFAULT 0 NOT NULL,
	"deduction_cents" bigint DEFAULT 0 NOT NULL,
	"gross_pay_cents" bigint DEFAULT 0 NOT NULL,
	"missing_pay_rate" boolean DEFAULT false NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"computed_by_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "payroll_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_lines" ADD CONSTRAINT "billing_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lines" ADD CONSTRAINT "billing_lines_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lines" ADD CONSTRAINT "billing_lines_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lines" ADD CONSTRAINT "billing_lines_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lines" ADD CONSTRAINT "billing_lines_caregiver_id_caregivers_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lines" ADD CONSTRAINT "billing_lines_payer_source_id_payer_sources_id_fk" FOREIGN KEY ("payer_source_id") REFERENCES "public"."payer_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lines" ADD CONSTRAINT "billing_lines_authorization_id_client_authorizations_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."client_authorizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lines" ADD CONSTRAINT "billing_lines_computed_by_user_id_users_id_fk" FOREIGN KEY ("computed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_transaction_records" ADD CONSTRAINT "integration_transaction_records_file_export_id_file_exports_id_fk" FOREIGN KEY ("file_export_id") REFERENCES "public"."file_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_transaction_records" ADD CONSTRAINT "integration_transaction_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_transaction_records" ADD CONSTRAINT "integration_transaction_records_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_caregiver_id_caregivers_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_computed_by_user_id_users_id_fk" FOREIGN KEY ("computed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_lines_period_shift_idx" ON "billing_lines" USING btree ("period_from","period_to","shift_id");--> statement-breakpoint
CREATE INDEX "billing_lines_branch_period_idx" ON "billing_lines" USING btree ("branch_id","period_from");--> statement-breakpoint
CREATE INDEX "integration_transaction_records_export_idx" ON "integration_transaction_records" USING btree ("file_export_id");--> statement-breakpoint
CREATE INDEX "integration_transaction_records_branch_idx" ON "integration_transaction_records" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_lines_period_caregiver_idx" ON "payroll_lines" USING btree ("period_from","period_to","caregiver_id");--> statement-breakpoint
CREATE INDEX "payroll_lines_branch_period_idx" ON "payroll_lines" USING btree ("branch_id","period_from");