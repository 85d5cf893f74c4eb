CREATE TABLE "care_form_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"lineage_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"caregiver_may_start" boolean DEFAULT false NOT NULL,
	"definition" jsonb NOT NULL,
	"frozen" boolean DEFAULT false NOT NULL,
	"built_in_key" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_form_types_category_check" CHECK ("care_form_types"."category" in ('intake', 'supervisory', 'change-of-condition', 'incident', 'assessment', 'other')),
	CONSTRAINT "care_form_types_status_check" CHECK ("care_form_types"."status" in ('draft', 'active', 'retired')),
	CONSTRAINT "care_form_types_version_check" CHECK ("care_form_types"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "care_form_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"items" jsonb NOT NULL,
	"signature" text,
	"signed_by_user_id" integer,
	"signed_at" timestamp with time zone,
	"amendment_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	"shift_id" integer,
	"assignee_user_id" integer,
	"status" text DEFAULT 'in-progress' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signature" text,
	"signed_by_user_id" integer,
	"signed_at" timestamp with time zone,
	"amendment_reason" text,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_forms_status_check" CHECK ("care_forms"."status" in ('in-progress', 'completed', 'amended')),
	CONSTRAINT "care_forms_version_check" CHECK ("care_forms"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "care_form_types" ADD CONSTRAINT "care_form_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_form_types" ADD CONSTRAINT "care_form_types_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_form_versions" ADD CONSTRAINT "care_form_versions_form_id_care_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."care_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_form_versions" ADD CONSTRAINT "care_form_versions_signed_by_user_id_users_id_fk" FOREIGN KEY ("signed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_forms" ADD CONSTRAINT "care_forms_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_forms" ADD CONSTRAINT "care_forms_type_id_care_form_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."care_form_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_forms" ADD CONSTRAINT "care_forms_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_forms" ADD CONSTRAINT "care_forms_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_forms" ADD CONSTRAINT "care_forms_signed_by_user_id_users_id_fk" FOREIGN KEY ("signed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_forms" ADD CONSTRAINT "care_forms_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_form_types_lineage_version_idx" ON "care_form_types" USING btree ("lineage_id","version");--> statement-breakpoint
CREATE INDEX "care_form_types_company_idx" ON "care_form_types" USING btree ("company_id","lineage_id");--> statement-breakpoint
CREATE UNIQUE INDEX "care_form_versions_form_version_idx" ON "care_form_versions" USING btree ("form_id","version");--> statement-breakpoint
CREATE INDEX "care_forms_client_idx" ON "care_forms" USING btree ("client_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "care_forms_assignee_idx" ON "care_forms" USING btree ("assignee_user_id");--> statement-breakpoint
CREATE INDEX "care_forms_created_by_idx" ON "care_forms" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "care_forms_shift_idx" ON "care_forms" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "care_forms_type_idx" ON "care_forms" USING btree ("type_id");--> statement-breakpoint
-- Care forms and their types are audited (audit_row in 0001): every save of answers, signature, amendment and type
-- edit keeps the row before and after, with the client (client_id) for the access log.
CREATE TRIGGER care_forms_audit AFTER INSERT OR UPDATE OR DELETE ON care_forms
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
--> statement-breakpoint
CREATE TRIGGER care_form_types_audit AFTER INSERT OR UPDATE OR DELETE ON care_form_types
  FOR EACH ROW EXECUTE FUNCTION audit_row('', '');
