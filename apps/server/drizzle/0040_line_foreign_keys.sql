ALTER TABLE "billing_lines" DROP CONSTRAINT "billing_lines_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_lines" DROP CONSTRAINT "billing_lines_branch_id_branches_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_lines" DROP CONSTRAINT "billing_lines_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_lines" DROP CONSTRAINT "billing_lines_caregiver_id_caregivers_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_lines" DROP CONSTRAINT "billing_lines_payer_source_id_payer_sources_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_lines" DROP CONSTRAINT "billing_lines_authorization_id_client_authorizations_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_lines" DROP CONSTRAINT "billing_lines_computed_by_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payroll_lines" DROP CONSTRAINT "payroll_lines_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "payroll_lines" DROP CONSTRAINT "payroll_lines_branch_id_branches_id_fk";
--> statement-breakpoint
ALTER TABLE "payroll_lines" DROP CONSTRAINT "payroll_lines_computed_by_user_id_users_id_fk";
