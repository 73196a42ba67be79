CREATE TABLE "access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"customer_id" bigint,
	"kind" text NOT NULL,
	"record_id" bigint NOT NULL,
	"name" text NOT NULL,
	"action" text NOT NULL,
	"http_request_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_customer_at_idx" ON "access_log" USING btree ("site_id","customer_id","at" DESC NULLS LAST);