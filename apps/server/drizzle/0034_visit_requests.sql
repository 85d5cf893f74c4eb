CREATE TABLE "visit_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"shift_id" integer,
	"visit_start_at" timestamp with time zone,
	"visit_end_at" timestamp with time zone,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"note" text,
	"requested_by_user_id" integer NOT NULL,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_requests_kind_check" CHECK ("visit_requests"."kind" in ('cancel', 'move', 'add')),
	CONSTRAINT "visit_requests_status_check" CHECK ("visit_requests"."status" in ('pending', 'approved', 'declined', 'withdrawn')),
	CONSTRAINT "visit_requests_times_check" CHECK (("visit_requests"."kind" = 'cancel' and "visit_requests"."start_at" is null and "visit_requests"."end_at" is null) or ("visit_requests"."kind" <> 'cancel' and "visit_requests"."end_at" > "visit_requests"."start_at"))
);
--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_requests_branch_idx" ON "visit_requests" USING btree ("branch_id","status","created_at");--> statement-breakpoint
CREATE INDEX "visit_requests_client_idx" ON "visit_requests" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_requests_pending_shift_idx" ON "visit_requests" USING btree ("shift_id") WHERE "visit_requests"."status" = 'pending';--> statement-breakpoint
-- Requests are audited (audit_row in 0001) with their branch: who asked, who decided and what changed.
CREATE TRIGGER visit_requests_audit AFTER INSERT OR UPDATE OR DELETE ON visit_requests
  FOR EACH ROW EXECUTE FUNCTION audit_row('', 'branch_id');
