DROP INDEX "access_log_customer_pdf_idx";--> statement-breakpoint
ALTER TABLE "access_log" ADD COLUMN "link_opened" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "access_log_customer_pdf_idx" ON "access_log" USING btree ("site_id","customer_id","at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "access_log"."action" = 'pdf' and not "access_log"."link_opened";