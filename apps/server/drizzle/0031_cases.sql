CREATE TABLE "case_admins" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_type_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"assign_new" boolean DEFAULT false NOT NULL,
	"notify" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"uploaded_by_user_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"size" integer NOT NULL,
	"content_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_attachments_status_check" CHECK ("case_attachments"."status" in ('pending', 'uploaded'))
);
--> statement-breakpoint
CREATE TABLE "case_caregivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"caregiver_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"author_user_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_type_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_type_id" integer NOT NULL,
	"care_form_type_lineage_id" integer NOT NULL,
	"position" integer NOT NULL,
	"required" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"default_priority" text DEFAULT 'routine' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"reportable_by_caregivers" boolean DEFAULT false NOT NULL,
	"acknowledge_within_hours" integer,
	"state_report_within_hours" integer,
	"resolve_within_hours" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_types_priority_check" CHECK ("case_types"."default_priority" in ('routine', 'urgent', 'asap', 'stat')),
	CONSTRAINT "case_types_status_check" CHECK ("case_types"."status" in ('active', 'retired'))
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" integer NOT NULL,
	"case_type_id" integer NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"branch_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"shift_id" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"reported_by_user_id" integer NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"assignee_user_id" integer,
	"acknowledge_due_at" timestamp with time zone,
	"state_report_due_at" timestamp with time zone,
	"resolve_due_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"state_reported_at" timestamp with time zone,
	"state_report_note" text,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"last_reason" text,
	"client_record_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cases_status_check" CHECK ("cases"."status" in ('draft', 'requested', 'accepted', 'in-progress', 'completed', 'cancelled')),
	CONSTRAINT "cases_priority_check" CHECK ("cases"."priority" in ('routine', 'urgent', 'asap', 'stat'))
);
--> statement-breakpoint
ALTER TABLE "care_forms" ADD COLUMN "case_id" integer;--> statement-breakpoint
ALTER TABLE "care_forms" ADD COLUMN "case_type_module_id" integer;--> statement-breakpoint
ALTER TABLE "case_admins" ADD CONSTRAINT "case_admins_case_type_id_case_types_id_fk" FOREIGN KEY ("case_type_id") REFERENCES "public"."case_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_admins" ADD CONSTRAINT "case_admins_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_admins" ADD CONSTRAINT "case_admins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_attachments" ADD CONSTRAINT "case_attachments_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_attachments" ADD CONSTRAINT "case_attachments_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_caregivers" ADD CONSTRAINT "case_caregivers_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_caregivers" ADD CONSTRAINT "case_caregivers_caregiver_id_caregivers_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_comments" ADD CONSTRAINT "case_comments_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_comments" ADD CONSTRAINT "case_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_type_modules" ADD CONSTRAINT "case_type_modules_case_type_id_case_types_id_fk" FOREIGN KEY ("case_type_id") REFERENCES "public"."case_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_types" ADD CONSTRAINT "case_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_case_type_id_case_types_id_fk" FOREIGN KEY ("case_type_id") REFERENCES "public"."case_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_reported_by_user_id_users_id_fk" FOREIGN KEY ("reported_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "case_admins_type_branch_user_idx" ON "case_admins" USING btree ("case_type_id","branch_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "case_attachments_storage_key_idx" ON "case_attachments" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "case_attachments_case_idx" ON "case_attachments" USING btree ("case_id");--> statement-breakpoint
CREATE UNIQUE INDEX "case_caregivers_case_caregiver_idx" ON "case_caregivers" USING btree ("case_id","caregiver_id");--> statement-breakpoint
CREATE INDEX "case_comments_case_idx" ON "case_comments" USING btree ("case_id","id");--> statement-breakpoint
CREATE INDEX "case_type_modules_type_idx" ON "case_type_modules" USING btree ("case_type_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "case_types_company_code_idx" ON "case_types" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "cases_company_number_idx" ON "cases" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "cases_client_record_idx" ON "cases" USING btree ("reported_by_user_id","client_record_id");--> statement-breakpoint
CREATE INDEX "cases_branch_idx" ON "cases" USING btree ("branch_id","reported_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cases_client_idx" ON "cases" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "cases_reporter_idx" ON "cases" USING btree ("reported_by_user_id");--> statement-breakpoint
CREATE INDEX "care_forms_case_idx" ON "care_forms" USING btree ("case_id");--> statement-breakpoint
-- A care form filled as a case module points to its case (no foreign key in the drizzle schema, which would make
-- care_forms and cases import each other).
ALTER TABLE "care_forms" ADD CONSTRAINT "care_forms_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- Cases, their comments and attachments are audited (audit_row in 0001): the case's history (cases.history), the
-- case rows with their branch.
CREATE TRIGGER cases_audit AFTER INSERT OR UPDATE OR DELETE ON cases
  FOR EACH ROW EXECUTE FUNCTION audit_row('', 'branch_id');
--> statement-breakpoint
CREATE TRIGGER case_comments_audit AFTER INSERT OR UPDATE OR DELETE ON case_comments
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER case_attachments_audit AFTER INSERT OR UPDATE OR DELETE ON case_attachments
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
