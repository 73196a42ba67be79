-- Every server instance keeps the sessions it has read for a short while (plugins/auth.ts). Each
-- committed change of a session, of its account or of its site, whoever makes it (an instance or
-- someone with psql), is told on the channel `session_changes` to every instance listening, which
-- then drops what it kept: 's:<session id>', 'a:<account id>', 't:<site id>', or '*' when a whole
-- table was emptied. Inserts need no word: nothing is kept of a row before it exists.
CREATE FUNCTION "notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', TG_ARGV[0] || ':' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_sessions_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"('s');
--> statement-breakpoint
CREATE TRIGGER "accounts_changed" AFTER UPDATE OR DELETE ON "accounts" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"('a');
--> statement-breakpoint
CREATE TRIGGER "sites_changed" AFTER UPDATE OR DELETE ON "sites" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"('t');
--> statement-breakpoint
CREATE TRIGGER "sessions_emptied" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_emptied"();
--> statement-breakpoint
CREATE TRIGGER "accounts_emptied" AFTER TRUNCATE ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_emptied"();
--> statement-breakpoint
CREATE TRIGGER "sites_emptied" AFTER TRUNCATE ON "sites" FOR EACH STATEMENT EXECUTE FUNCTION "notify_sessions_emptied"();
