CREATE TABLE "evv_branch_days" (
	"local_date" date NOT NULL,
	"branch_id" integer NOT NULL,
	"visits" integer NOT NULL,
	"compliant" integer NOT NULL,
	"geofence_exceptions" integer NOT NULL,
	"manual_edits" integer NOT NULL,
	"late_check_ins" integer NOT NULL,
	CONSTRAINT "evv_branch_days_local_date_branch_id_pk" PRIMARY KEY("local_date","branch_id")
);
--> statement-breakpoint
CREATE TABLE "evv_caregiver_weeks" (
	"week_start" date NOT NULL,
	"branch_id" integer NOT NULL,
	"caregiver_id" integer NOT NULL,
	"visits" integer NOT NULL,
	"compliant" integer NOT NULL,
	"geofence_exceptions" integer NOT NULL,
	"manual_edits" integer NOT NULL,
	"late_check_ins" integer NOT NULL,
	CONSTRAINT "evv_caregiver_weeks_week_start_branch_id_caregiver_id_pk" PRIMARY KEY("week_start","branch_id","caregiver_id")
);
--> statement-breakpoint
CREATE TABLE "evv_client_weeks" (
	"week_start" date NOT NULL,
	"branch_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"visits" integer NOT NULL,
	"compliant" integer NOT NULL,
	"geofence_exceptions" integer NOT NULL,
	"manual_edits" integer NOT NULL,
	"late_check_ins" integer NOT NULL,
	CONSTRAINT "evv_client_weeks_week_start_branch_id_client_id_pk" PRIMARY KEY("week_start","branch_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "evv_visit_flags" (
	"shift_id" integer PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"caregiver_id" integer,
	"client_id" integer NOT NULL,
	"compliant" boolean NOT NULL,
	"geofence_exception" boolean NOT NULL,
	"manual_edit" boolean NOT NULL,
	"late_check_in" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "evv_visit_flags_date_idx" ON "evv_visit_flags" USING btree ("local_date","branch_id");