ALTER TABLE "sites" ADD COLUMN "visit_from" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "visit_to" text;