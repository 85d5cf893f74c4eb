ALTER TABLE "client_contacts" ADD COLUMN "portal_schedule" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD COLUMN "portal_care_notes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD COLUMN "portal_messages" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD COLUMN "portal_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD COLUMN "portal_statements" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "client_contacts_user_idx" ON "client_contacts" USING btree ("user_id");