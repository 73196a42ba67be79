ALTER TABLE "account_sites" ADD COLUMN "can_administer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Before this right, whoever approved a site's orders was the one who ran it: she keeps running it.
UPDATE "account_sites" SET "can_administer" = true WHERE "can_approve";
