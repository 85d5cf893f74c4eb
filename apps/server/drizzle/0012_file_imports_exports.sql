CREATE TABLE "file_export_types" (
	"name" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"retention_hours" integer NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer,
	"type_name" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"job_id" text,
	"storage_key" text,
	"file_name" text,
	"content_type" text,
	"file_size_bytes" bigint,
	"row_count" integer,
	"expires_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "file_import_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"file_import_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"status" text NOT NULL,
	"external_id" text,
	"record_id" integer,
	"message" text,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_import_types" (
	"name" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"target" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"defaults" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer,
	"type_name" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size_bytes" bigint NOT NULL,
	"content_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"status" text DEFAULT 'awaiting_upload' NOT NULL,
	"error" text,
	"rows_total" integer,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"job_id" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "client_authorizations" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "file_exports" ADD CONSTRAINT "file_exports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_exports" ADD CONSTRAINT "file_exports_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_exports" ADD CONSTRAINT "file_exports_type_name_file_export_types_name_fk" FOREIGN KEY ("type_name") REFERENCES "public"."file_export_types"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_exports" ADD CONSTRAINT "file_exports_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_import_rows" ADD CONSTRAINT "file_import_rows_file_import_id_file_imports_id_fk" FOREIGN KEY ("file_import_id") REFERENCES "public"."file_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_imports" ADD CONSTRAINT "file_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_imports" ADD CONSTRAINT "file_imports_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_imports" ADD CONSTRAINT "file_imports_type_name_file_import_types_name_fk" FOREIGN KEY ("type_name") REFERENCES "public"."file_import_types"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_imports" ADD CONSTRAINT "file_imports_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_exports_company_idx" ON "file_exports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "file_exports_expiry_idx" ON "file_exports" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "file_import_rows_line_idx" ON "file_import_rows" USING btree ("file_import_id","line_number");--> statement-breakpoint
CREATE INDEX "file_import_rows_status_idx" ON "file_import_rows" USING btree ("file_import_id","status","line_number");--> statement-breakpoint
CREATE INDEX "file_imports_company_idx" ON "file_imports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "file_imports_status_idx" ON "file_imports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "client_authorizations_external_idx" ON "client_authorizations" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "shifts_external_idx" ON "shifts" USING btree ("external_id");