ALTER TABLE "form_record_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_record_counts" DROP CONSTRAINT "form_record_counts_site_id_name_pk";--> statement-breakpoint
ALTER TABLE "form_record_counts" ADD CONSTRAINT "form_record_counts_site_id_name_shard_pk" PRIMARY KEY("site_id","name","shard");--> statement-breakpoint
-- As 0004's, into the shard of the connection that writes (its backend's pid, of 16): saves of one
-- form on different connections take different rows' locks. One transaction keeps to one shard,
-- so the (site, name) lock order still keeps two statements from deadlocking.
CREATE OR REPLACE FUNCTION "form_record_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "own_shard" smallint := pg_backend_pid() % 16;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "form_record_counts" ("site_id", "name", "shard", "live")
    SELECT "site_id", "name", "own_shard", count(*) FROM "new_rows" WHERE "deleted_at" IS NULL
    GROUP BY "site_id", "name" ORDER BY "site_id", "name"
    ON CONFLICT ("site_id", "name", "shard") DO UPDATE SET "live" = "form_record_counts"."live" + excluded."live";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "form_record_counts" ("site_id", "name", "shard", "live")
    SELECT "site_id", "name", "own_shard", sum("delta") FROM (
      SELECT "site_id", "name", -1 AS "delta" FROM "old_rows" WHERE "deleted_at" IS NULL
      UNION ALL
      SELECT "site_id", "name", 1 AS "delta" FROM "new_rows" WHERE "deleted_at" IS NULL
    ) AS "moved"
    GROUP BY "site_id", "name" HAVING sum("delta") <> 0 ORDER BY "site_id", "name"
    ON CONFLICT ("site_id", "name", "shard") DO UPDATE SET "live" = "form_record_counts"."live" + excluded."live";
  ELSE
    INSERT INTO "form_record_counts" ("site_id", "name", "shard", "live")
    SELECT "site_id", "name", "own_shard", -count(*) FROM "old_rows" WHERE "deleted_at" IS NULL
    GROUP BY "site_id", "name" ORDER BY "site_id", "name"
    ON CONFLICT ("site_id", "name", "shard") DO UPDATE SET "live" = "form_record_counts"."live" + excluded."live";
  END IF;
  RETURN NULL;
END $$;
