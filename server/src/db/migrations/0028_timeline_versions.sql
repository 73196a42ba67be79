CREATE TABLE "timeline_versions" (
	"customer_id" bigint NOT NULL,
	"shard" smallint NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "timeline_versions_customer_id_shard_pk" PRIMARY KEY("customer_id","shard")
);
--> statement-breakpoint
ALTER TABLE "timeline_versions" ADD CONSTRAINT "timeline_versions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each statement that writes her form records, check-in rules signed, self-paid or gift orders (or
-- her access log's entries other than reads) counts one change of the timeline of every mother whose
-- rows it wrote (an update: her rows' mother before and after), into the shard of the connection that
-- writes (its backend's pid, of 16): writes on different connections take different rows' locks.
CREATE FUNCTION "timeline_versions_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "own_shard" smallint := pg_backend_pid() % 16;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO "timeline_versions" ("customer_id", "shard", "version")
    SELECT "id", "own_shard", 1 FROM "customers" ORDER BY "id"
    ON CONFLICT ("customer_id", "shard") DO UPDATE SET "version" = "timeline_versions"."version" + 1;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "timeline_versions" ("customer_id", "shard", "version")
    SELECT DISTINCT "customer_id", "own_shard", 1 FROM "new_rows"
    WHERE "customer_id" IS NOT NULL ORDER BY "customer_id"
    ON CONFLICT ("customer_id", "shard") DO UPDATE SET "version" = "timeline_versions"."version" + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "timeline_versions" ("customer_id", "shard", "version")
    SELECT "customer_id", "own_shard", 1
    FROM (SELECT "customer_id" FROM "new_rows" UNION SELECT "customer_id" FROM "old_rows") "written"
    WHERE "customer_id" IS NOT NULL ORDER BY "customer_id"
    ON CONFLICT ("customer_id", "shard") DO UPDATE SET "version" = "timeline_versions"."version" + 1;
  ELSE
    INSERT INTO "timeline_versions" ("customer_id", "shard", "version")
    SELECT DISTINCT "customer_id", "own_shard", 1 FROM "old_rows"
    WHERE "customer_id" IS NOT NULL ORDER BY "customer_id"
    ON CONFLICT ("customer_id", "shard") DO UPDATE SET "version" = "timeline_versions"."version" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A PDF link asked for is a row of her timeline; every read of her file writes an entry too, and
-- those, sifted out before any function runs, count nothing.
CREATE FUNCTION "timeline_versions_count_pdf"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "timeline_versions" ("customer_id", "shard", "version")
  VALUES (NEW."customer_id", pg_backend_pid() % 16, 1)
  ON CONFLICT ("customer_id", "shard") DO UPDATE SET "version" = "timeline_versions"."version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "access_log_timeline_insert" AFTER INSERT ON "access_log" FOR EACH ROW WHEN (NEW."action" = 'pdf' AND NOT NEW."link_opened" AND NEW."customer_id" IS NOT NULL) EXECUTE FUNCTION "timeline_versions_count_pdf"();
--> statement-breakpoint
CREATE TRIGGER "form_records_timeline_insert" AFTER INSERT ON "form_records" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "form_records_timeline_update" AFTER UPDATE ON "form_records" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "form_records_timeline_delete" AFTER DELETE ON "form_records" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "form_records_timeline_truncate" AFTER TRUNCATE ON "form_records" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "survey_answers_timeline_insert" AFTER INSERT ON "survey_answers" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "survey_answers_timeline_update" AFTER UPDATE ON "survey_answers" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "survey_answers_timeline_delete" AFTER DELETE ON "survey_answers" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "survey_answers_timeline_truncate" AFTER TRUNCATE ON "survey_answers" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "special_cares_timeline_insert" AFTER INSERT ON "special_cares" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "special_cares_timeline_update" AFTER UPDATE ON "special_cares" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "special_cares_timeline_delete" AFTER DELETE ON "special_cares" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "special_cares_timeline_truncate" AFTER TRUNCATE ON "special_cares" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "out_applies_timeline_insert" AFTER INSERT ON "out_applies" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "out_applies_timeline_update" AFTER UPDATE ON "out_applies" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "out_applies_timeline_delete" AFTER DELETE ON "out_applies" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "out_applies_timeline_truncate" AFTER TRUNCATE ON "out_applies" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "access_log_timeline_update" AFTER UPDATE ON "access_log" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "access_log_timeline_delete" AFTER DELETE ON "access_log" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "access_log_timeline_truncate" AFTER TRUNCATE ON "access_log" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
