ALTER TABLE "account_sites" ADD COLUMN "can_approve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "creator_may_approve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The approve right moves from the account to each of its sites: every membership keeps what the account had.
UPDATE "account_sites" SET "can_approve" = "accounts"."can_approve" FROM "accounts" WHERE "accounts"."id" = "account_sites"."account_id";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "can_approve";--> statement-breakpoint
-- A session carries the right of its site's membership: a change of a membership drops its
-- account's kept sessions on every instance, as a change of the account does.
CREATE FUNCTION "notify_account_site_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', 'a:' || OLD.account_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "account_sites_changed" AFTER UPDATE OR DELETE ON "account_sites" FOR EACH ROW EXECUTE FUNCTION "notify_account_site_change"();
--> statement-breakpoint
CREATE TRIGGER "account_sites_emptied" AFTER TRUNCATE ON "account_sites" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_emptied"();
