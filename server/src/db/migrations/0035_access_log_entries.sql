-- One entry per reply naming every record it handed out: each old row becomes an entry of one
-- record, its id and time kept, by one rewrite of the table (a change of its columns' types).
DROP TRIGGER "access_log_timeline_insert" ON "access_log";
--> statement-breakpoint
DROP TRIGGER "access_log_timeline_update" ON "access_log";
--> statement-breakpoint
DROP TRIGGER "access_log_timeline_delete" ON "access_log";
--> statement-breakpoint
DROP INDEX "access_log_customer_at_idx";
--> statement-breakpoint
DROP INDEX "access_log_customer_pdf_idx";
--> statement-breakpoint
ALTER TABLE "access_log"
  ALTER COLUMN "customer_id" SET DATA TYPE bigint[] USING ARRAY["customer_id"],
  ALTER COLUMN "customer_id" SET NOT NULL,
  ALTER COLUMN "kind" SET DATA TYPE text[] USING ARRAY["kind"],
  ALTER COLUMN "record_id" SET DATA TYPE bigint[] USING ARRAY["record_id"],
  ALTER COLUMN "name" SET DATA TYPE text[] USING ARRAY["name"];
--> statement-breakpoint
ALTER TABLE "access_log" RENAME COLUMN "customer_id" TO "customer_ids";
--> statement-breakpoint
ALTER TABLE "access_log" RENAME COLUMN "kind" TO "kinds";
--> statement-breakpoint
ALTER TABLE "access_log" RENAME COLUMN "record_id" TO "record_ids";
--> statement-breakpoint
ALTER TABLE "access_log" RENAME COLUMN "name" TO "names";
--> statement-breakpoint
CREATE INDEX "access_log_customers_idx" ON "access_log" USING gin ("customer_ids");
--> statement-breakpoint
CREATE INDEX "access_log_customer_pdf_idx" ON "access_log" USING gin ("customer_ids") WHERE "access_log"."action" = 'pdf' and not "access_log"."link_opened";
--> statement-breakpoint
-- A PDF link asked for counts one change of the timeline of each mother whose records it names.
CREATE OR REPLACE FUNCTION "timeline_versions_count_pdf"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "timeline_versions" ("customer_id", "shard", "version")
  SELECT DISTINCT "customer_id", pg_backend_pid() % 16, 1 FROM unnest(NEW."customer_ids") AS "customer_id"
  WHERE "customer_id" IS NOT NULL ORDER BY "customer_id"
  ON CONFLICT ("customer_id", "shard") DO UPDATE SET "version" = "timeline_versions"."version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As timeline_versions_count, for the entries' customers, each entry naming several.
CREATE FUNCTION "access_log_timeline_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "timeline_versions" ("customer_id", "shard", "version")
    SELECT DISTINCT "c"."customer_id", pg_backend_pid() % 16, 1
    FROM (SELECT "customer_ids" FROM "new_rows" UNION ALL SELECT "customer_ids" FROM "old_rows") "written",
      unnest("written"."customer_ids") AS "c"("customer_id")
    WHERE "c"."customer_id" IS NOT NULL ORDER BY "c"."customer_id"
    ON CONFLICT ("customer_id", "shard") DO UPDATE SET "version" = "timeline_versions"."version" + 1;
  ELSE
    INSERT INTO "timeline_versions" ("customer_id", "shard", "version")
    SELECT DISTINCT "c"."customer_id", pg_backend_pid() % 16, 1
    FROM "old_rows", unnest("old_rows"."customer_ids") AS "c"("customer_id")
    WHERE "c"."customer_id" IS NOT NULL ORDER BY "c"."customer_id"
    ON CONFLICT ("customer_id", "shard") DO UPDATE SET "version" = "timeline_versions"."version" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "access_log_timeline_insert" AFTER INSERT ON "access_log" FOR EACH ROW WHEN (NEW."action" = 'pdf' AND NOT NEW."link_opened") EXECUTE FUNCTION "timeline_versions_count_pdf"();
--> statement-breakpoint
CREATE TRIGGER "access_log_timeline_update" AFTER UPDATE ON "access_log" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "access_log_timeline_count"();
--> statement-breakpoint
CREATE TRIGGER "access_log_timeline_delete" AFTER DELETE ON "access_log" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "access_log_timeline_count"();
