-- A one-time password expires counted from when it was set: the accounts already made count from this upgrade.
ALTER TABLE "accounts" ADD COLUMN "password_set_at" timestamp with time zone DEFAULT now() NOT NULL;
