CREATE TABLE "board_versions" (
	"site_id" bigint NOT NULL,
	"shard" smallint NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "board_versions_site_id_shard_pk" PRIMARY KEY("site_id","shard")
);
--> statement-breakpoint
ALTER TABLE "board_versions" ADD CONSTRAINT "board_versions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each statement that writes rooms, stays or customers counts one change of the room board of every
-- site whose rows it wrote (emptying a table, of every site), into the shard of the connection that
-- writes (its backend's pid, of 16): writes on different connections take different rows' locks.
CREATE FUNCTION "board_versions_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "own_shard" smallint := pg_backend_pid() % 16;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO "board_versions" ("site_id", "shard", "version")
    SELECT "id", "own_shard", 1 FROM "sites" ORDER BY "id"
    ON CONFLICT ("site_id", "shard") DO UPDATE SET "version" = "board_versions"."version" + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "board_versions" ("site_id", "shard", "version")
    SELECT DISTINCT "site_id", "own_shard", 1 FROM "old_rows" ORDER BY "site_id"
    ON CONFLICT ("site_id", "shard") DO UPDATE SET "version" = "board_versions"."version" + 1;
  ELSE
    INSERT INTO "board_versions" ("site_id", "shard", "version")
    SELECT DISTINCT "site_id", "own_shard", 1 FROM "new_rows" ORDER BY "site_id"
    ON CONFLICT ("site_id", "shard") DO UPDATE SET "version" = "board_versions"."version" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rooms_board_insert" AFTER INSERT ON "rooms" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "rooms_board_update" AFTER UPDATE ON "rooms" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "rooms_board_delete" AFTER DELETE ON "rooms" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "rooms_board_truncate" AFTER TRUNCATE ON "rooms" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "stays_board_insert" AFTER INSERT ON "stays" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "stays_board_update" AFTER UPDATE ON "stays" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "stays_board_delete" AFTER DELETE ON "stays" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "stays_board_truncate" AFTER TRUNCATE ON "stays" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "customers_board_insert" AFTER INSERT ON "customers" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "customers_board_update" AFTER UPDATE ON "customers" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "customers_board_delete" AFTER DELETE ON "customers" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count"();
--> statement-breakpoint
CREATE TRIGGER "customers_board_truncate" AFTER TRUNCATE ON "customers" FOR EACH STATEMENT EXECUTE FUNCTION "board_versions_count"();
