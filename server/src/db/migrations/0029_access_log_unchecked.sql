ALTER TABLE "access_log" DROP CONSTRAINT "access_log_site_id_sites_id_fk";
--> statement-breakpoint
ALTER TABLE "access_log" DROP CONSTRAINT "access_log_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "access_log" DROP CONSTRAINT "access_log_customer_id_customers_id_fk";
