CREATE TABLE "frontend_view_user_preferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"view" text NOT NULL,
	"frontend_view_id" integer,
	"page_size" integer DEFAULT 50 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frontend_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"view" text NOT NULL,
	"name" text NOT NULL,
	"owner_user_id" integer NOT NULL,
	"shared_with" text DEFAULT 'user' NOT NULL,
	"branch_id" integer,
	"company_id" integer,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"widths" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "frontend_view_user_preferences" ADD CONSTRAINT "frontend_view_user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frontend_view_user_preferences" ADD CONSTRAINT "frontend_view_user_preferences_frontend_view_id_frontend_views_id_fk" FOREIGN KEY ("frontend_view_id") REFERENCES "public"."frontend_views"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frontend_views" ADD CONSTRAINT "frontend_views_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frontend_views" ADD CONSTRAINT "frontend_views_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frontend_views" ADD CONSTRAINT "frontend_views_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "frontend_view_prefs_user_view" ON "frontend_view_user_preferences" USING btree ("user_id","view");--> statement-breakpoint
CREATE INDEX "frontend_views_view_idx" ON "frontend_views" USING btree ("view","owner_user_id");