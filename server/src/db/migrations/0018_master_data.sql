ALTER TABLE "departments" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_types" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_packages" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "self_paid" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "kind" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "in_service" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
-- The demo's supplies that the centre uses itself rather than sells to customers.
UPDATE "products" SET "self_paid" = false WHERE "name" IN ('一次性马桶垫', '一次性洗脸巾');
