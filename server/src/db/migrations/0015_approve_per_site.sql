ALTER TABLE "account_sites" ADD COLUMN "can_approve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "creator_may_approve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The approve right moves from the account to each of its sites: every membership keeps what the account had.
UPDATE "account_sites" SET "can_approve" = "accounts"."can_approve" FROM "accounts" WHERE "accounts"."id" = "account_sites"."account_id";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "can_approve";
