CREATE INDEX "caregivers_last_name_trgm_idx" ON "caregivers" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "caregivers_first_name_trgm_idx" ON "caregivers" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "caregivers_full_name_trgm_idx" ON "caregivers" USING gin (("last_name" || ', ' || "first_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_last_name_trgm_idx" ON "clients" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_first_name_trgm_idx" ON "clients" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_full_name_trgm_idx" ON "clients" USING gin (("last_name" || ', ' || "first_name") gin_trgm_ops);