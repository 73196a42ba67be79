ALTER TABLE "accounts" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "client" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
-- A session's last use is written about once a minute and read by the instance that writes it: no
-- other instance need drop the session for that, so only other changes of the row are told.
DROP TRIGGER "sessions_changed" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_seen_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_seen_at'))
  EXECUTE FUNCTION "notify_session_change"('s');
--> statement-breakpoint
CREATE TRIGGER "sessions_deleted" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"('s');
--> statement-breakpoint
-- A session is refused once its account no longer has its site: removing (or moving) a membership,
-- whoever does it, tells every instance to drop the account's sessions ('a:<account id>').
CREATE FUNCTION "notify_account_sites_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', 'a:' || OLD.account_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "account_sites_changed" AFTER UPDATE OR DELETE ON "account_sites" FOR EACH ROW EXECUTE FUNCTION "notify_account_sites_change"();
--> statement-breakpoint
CREATE TRIGGER "account_sites_emptied" AFTER TRUNCATE ON "account_sites" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_emptied"();
