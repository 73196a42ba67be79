CREATE TABLE "form_record_counts" (
	"site_id" bigint NOT NULL,
	"name" text NOT NULL,
	"live" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "form_record_counts_site_id_name_pk" PRIMARY KEY("site_id","name")
);
--> statement-breakpoint
DROP INDEX "customers_site_room_idx";--> statement-breakpoint
ALTER TABLE "form_record_counts" ADD CONSTRAINT "form_record_counts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_site_room_check_in_idx" ON "customers" USING btree ("site_id","room","check_in_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customers_name_search_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_room_search_idx" ON "customers" USING gin ("room" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_search_idx" ON "customers" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "out_applies_site_type_date_idx" ON "out_applies" USING btree ("site_id","type","apply_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "out_applies"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "out_applies_site_status_date_idx" ON "out_applies" USING btree ("site_id","status","apply_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "out_applies"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "out_applies_department_idx" ON "out_applies" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "special_cares_site_status_date_idx" ON "special_cares" USING btree ("site_id","status","consume_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "special_cares"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_site_room_idx" ON "customers" USING btree ("site_id","room","id");--> statement-breakpoint
-- form_record_counts follows form_records (see schema.ts): per statement, from the rows it inserted,
-- changed or deleted (transition tables), only where a live count moved (an edit moves none). The
-- counters are locked in (site, name) order, so that two statements sharing some wait, not deadlock.
CREATE FUNCTION "form_record_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "form_record_counts" ("site_id", "name", "live")
    SELECT "site_id", "name", count(*) FROM "new_rows" WHERE "deleted_at" IS NULL
    GROUP BY "site_id", "name" ORDER BY "site_id", "name"
    ON CONFLICT ("site_id", "name") DO UPDATE SET "live" = "form_record_counts"."live" + excluded."live";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "form_record_counts" ("site_id", "name", "live")
    SELECT "site_id", "name", sum("delta") FROM (
      SELECT "site_id", "name", -1 AS "delta" FROM "old_rows" WHERE "deleted_at" IS NULL
      UNION ALL
      SELECT "site_id", "name", 1 AS "delta" FROM "new_rows" WHERE "deleted_at" IS NULL
    ) AS "moved"
    GROUP BY "site_id", "name" HAVING sum("delta") <> 0 ORDER BY "site_id", "name"
    ON CONFLICT ("site_id", "name") DO UPDATE SET "live" = "form_record_counts"."live" + excluded."live";
  ELSE
    INSERT INTO "form_record_counts" ("site_id", "name", "live")
    SELECT "site_id", "name", -count(*) FROM "old_rows" WHERE "deleted_at" IS NULL
    GROUP BY "site_id", "name" ORDER BY "site_id", "name"
    ON CONFLICT ("site_id", "name") DO UPDATE SET "live" = "form_record_counts"."live" + excluded."live";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "form_record_counts_insert" AFTER INSERT ON "form_records" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "form_record_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "form_record_counts_update" AFTER UPDATE ON "form_records" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "form_record_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "form_record_counts_delete" AFTER DELETE ON "form_records" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "form_record_counts_apply"();--> statement-breakpoint
INSERT INTO "form_record_counts" ("site_id", "name", "live")
SELECT "site_id", "name", count(*) FROM "form_records" WHERE "deleted_at" IS NULL GROUP BY "site_id", "name";
