CREATE TABLE "stays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"check_in_date" date NOT NULL,
	"planned_days" integer NOT NULL,
	"leave_date" date GENERATED ALWAYS AS (check_in_date + planned_days) STORED NOT NULL,
	"room" text NOT NULL,
	"package_id" bigint,
	"status" text NOT NULL,
	"left_on" date,
	"checked_in_by" bigint,
	"checked_out_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stays_planned_days_check" CHECK ("stays"."planned_days" > 0)
);
--> statement-breakpoint
ALTER TABLE "babies" ADD COLUMN "birth_time" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "delivery_mode" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "hospital" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "allergies" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "diet_needs" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "remark" text;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_package_id_product_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."product_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_checked_in_by_accounts_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_checked_out_by_accounts_id_fk" FOREIGN KEY ("checked_out_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stays_open_customer_idx" ON "stays" USING btree ("customer_id") WHERE "stays"."status" <> 'left';--> statement-breakpoint
CREATE UNIQUE INDEX "stays_open_room_idx" ON "stays" USING btree ("site_id","room") WHERE "stays"."status" <> 'left';--> statement-breakpoint
CREATE INDEX "stays_customer_idx" ON "stays" USING btree ("customer_id","check_in_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stays_site_status_idx" ON "stays" USING btree ("site_id","status","check_in_date");--> statement-breakpoint
-- Custom SQL: every mother already here gets her stay, from her room and check-in date and her
-- latest check-in notice (its kind and days); in a room shared over time, the latest to check in
-- stays in it and the others have left.
INSERT INTO "stays" ("site_id", "customer_id", "kind", "check_in_date", "planned_days", "room", "status", "created_at")
SELECT c."site_id", c."id",
  CASE WHEN n."name" = '小月子入住通知单' THEN 'small' ELSE 'month' END,
  coalesce(
    c."check_in_date",
    CASE WHEN n."data"->>'check_in_date' ~ '^\d{4}-\d{2}-\d{2}$' THEN (n."data"->>'check_in_date')::date END,
    c."delivery_date",
    c."created_at"::date
  ),
  CASE WHEN n."data"->>'days' ~ '^\d{1,3}$' AND (n."data"->>'days')::int > 0 THEN (n."data"->>'days')::int ELSE 28 END,
  c."room",
  CASE WHEN row_number() OVER (
    PARTITION BY c."site_id", c."room" ORDER BY c."check_in_date" DESC NULLS LAST, c."id" DESC
  ) = 1 THEN 'in_house' ELSE 'left' END,
  c."created_at"
FROM "customers" c
LEFT JOIN LATERAL (
  SELECT r."name", r."data" FROM "form_records" r
  WHERE r."customer_id" = c."id" AND r."deleted_at" IS NULL AND r."name" IN ('月子入住通知单', '小月子入住通知单')
  ORDER BY r."id" DESC LIMIT 1
) n ON true;--> statement-breakpoint
DROP INDEX "customers_site_room_check_in_idx";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "check_in_date";--> statement-breakpoint
UPDATE "customers" SET "id_card" = NULL WHERE btrim("id_card") = '';--> statement-breakpoint
CREATE UNIQUE INDEX "customers_site_id_card_idx" ON "customers" USING btree ("site_id","id_card") WHERE "customers"."id_card" is not null;
