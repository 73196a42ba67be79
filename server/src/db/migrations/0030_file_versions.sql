-- Her file is kept whole by an instance: her details, her babies, her stays and the names of their
-- packages count as changes of it too, as her records do (0028).
CREATE FUNCTION "timeline_versions_count_customers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "timeline_versions" ("customer_id", "shard", "version")
  SELECT "id", pg_backend_pid() % 16, 1 FROM "new_rows" ORDER BY "id"
  ON CONFLICT ("customer_id", "shard") DO UPDATE SET "version" = "timeline_versions"."version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A package renamed: every mother with a stay of it.
CREATE FUNCTION "timeline_versions_count_packages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "timeline_versions" ("customer_id", "shard", "version")
  SELECT DISTINCT s."customer_id", pg_backend_pid() % 16, 1
  FROM "stays" s JOIN "new_rows" p ON p."id" = s."package_id" ORDER BY 1
  ON CONFLICT ("customer_id", "shard") DO UPDATE SET "version" = "timeline_versions"."version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "customers_timeline_update" AFTER UPDATE ON "customers" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count_customers"();
--> statement-breakpoint
CREATE TRIGGER "product_packages_timeline_update" AFTER UPDATE ON "product_packages" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count_packages"();
--> statement-breakpoint
CREATE TRIGGER "babies_timeline_insert" AFTER INSERT ON "babies" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "babies_timeline_update" AFTER UPDATE ON "babies" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "babies_timeline_delete" AFTER DELETE ON "babies" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "babies_timeline_truncate" AFTER TRUNCATE ON "babies" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "stays_timeline_insert" AFTER INSERT ON "stays" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "stays_timeline_update" AFTER UPDATE ON "stays" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "stays_timeline_delete" AFTER DELETE ON "stays" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "stays_timeline_truncate" AFTER TRUNCATE ON "stays" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_versions_count"();
