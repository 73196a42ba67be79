-- The customers list is kept by each instance under the room board's version, and it shows each
-- mother's babies and her stay's package by name: their writes count as changes of her site's board.
CREATE FUNCTION "board_versions_count_babies"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "own_shard" smallint := pg_backend_pid() % 16;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO "board_versions" ("site_id", "shard", "version")
    SELECT "id", "own_shard", 1 FROM "sites" ORDER BY "id"
    ON CONFLICT ("site_id", "shard") DO UPDATE SET "version" = "board_versions"."version" + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "board_versions" ("site_id", "shard", "version")
    SELECT DISTINCT "c"."site_id", "own_shard", 1 FROM "old_rows" "b" JOIN "customers" "c" ON "c"."id" = "b"."customer_id"
    ORDER BY "c"."site_id"
    ON CONFLICT ("site_id", "shard") DO UPDATE SET "version" = "board_versions"."version" + 1;
  ELSE
    INSERT INTO "board_versions" ("site_id", "shard", "version")
    SELECT DISTINCT "c"."site_id", "own_shard", 1 FROM "new_rows" "b" JOIN "customers" "c" ON "c"."id" = "b"."customer_id"
    ORDER BY "c"."site_id"
    ON CONFLICT ("site_id", "shard") DO UPDATE SET "version" = "board_versions"."version" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "babies_board_insert" AFTER INSERT ON "babies" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count_babies"();
--> statement-breakpoint
CREATE TRIGGER "babies_board_update" AFTER UPDATE ON "babies" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count_babies"();
--> statement-breakpoint
CREATE TRIGGER "babies_board_delete" AFTER DELETE ON "babies" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count_babies"();
--> statement-breakpoint
CREATE TRIGGER "babies_board_truncate" AFTER TRUNCATE ON "babies" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count_babies"();
--> statement-breakpoint
CREATE TRIGGER "stay_packages_board_insert" AFTER INSERT ON "stay_packages" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "stay_packages_board_update" AFTER UPDATE ON "stay_packages" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "stay_packages_board_delete" AFTER DELETE ON "stay_packages" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "stay_packages_board_truncate" AFTER TRUNCATE ON "stay_packages" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count"();
