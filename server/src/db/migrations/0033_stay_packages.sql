CREATE TABLE "stay_packages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"name" text NOT NULL,
	"days" integer NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"includes" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "stay_packages_days_check" CHECK ("stay_packages"."days" > 0),
	CONSTRAINT "stay_packages_price_check" CHECK ("stay_packages"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stays" DROP CONSTRAINT "stays_package_id_product_packages_id_fk";
--> statement-breakpoint
ALTER TABLE "stay_packages" ADD CONSTRAINT "stay_packages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stay_packages_site_name_idx" ON "stay_packages" USING btree ("site_id","name");--> statement-breakpoint
-- A stay used to name a gift bundle as its package: each such bundle becomes a retired stay package of
-- its site (the longest stay that named it gives its days), so her stay keeps the name it showed.
INSERT INTO "stay_packages" ("site_id", "name", "days", "price", "retired_at")
SELECT p."site_id", p."name", max(s."planned_days"), 0, now()
FROM "stays" s JOIN "product_packages" p ON p."id" = s."package_id"
GROUP BY p."site_id", p."name";--> statement-breakpoint
UPDATE "stays" s SET "package_id" = sp."id"
FROM "product_packages" p, "stay_packages" sp
WHERE p."id" = s."package_id" AND sp."site_id" = p."site_id" AND sp."name" = p."name";--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_package_id_stay_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."stay_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Her file's version follows her stay's package, which is now a stay package (0030 counted gift bundles).
DROP TRIGGER "product_packages_timeline_update" ON "product_packages";--> statement-breakpoint
CREATE TRIGGER "stay_packages_timeline_update" AFTER UPDATE ON "stay_packages" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count_packages"();
