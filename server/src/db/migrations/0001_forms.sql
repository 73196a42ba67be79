-- The keyword search of form records uses a trigram index. pg_trgm ships with PostgreSQL (contrib) and
-- is a trusted extension (PostgreSQL 13+): a database owner may create it. PGlite loads it (db/index.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" bigint NOT NULL,
	"request_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medicines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"record_id" bigint NOT NULL,
	"site_id" bigint NOT NULL,
	"medicine" text NOT NULL,
	"dose" text NOT NULL,
	"route" text,
	"frequency" text,
	"days" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"floor" integer NOT NULL,
	"room" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_answers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"survey_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "form_records_site_name_created_idx";--> statement-breakpoint
DROP INDEX "form_records_site_created_idx";--> statement-breakpoint
ALTER TABLE "form_records" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicines" ADD CONSTRAINT "medicines_record_id_form_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."form_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicines" ADD CONSTRAINT "medicines_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicines" ADD CONSTRAINT "medicines_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicines" ADD CONSTRAINT "medicines_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_deleted_by_accounts_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_site_at_idx" ON "audit_log" USING btree ("site_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_site_request_idx" ON "audit_log" USING btree ("site_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_site_name_idx" ON "departments" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "departments_site_sort_idx" ON "departments" USING btree ("site_id","sort");--> statement-breakpoint
CREATE INDEX "medicines_record_idx" ON "medicines" USING btree ("record_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_site_room_idx" ON "rooms" USING btree ("site_id","room");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_answers_customer_survey_idx" ON "survey_answers" USING btree ("customer_id","survey_id") WHERE "survey_answers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "survey_answers_site_created_idx" ON "survey_answers" USING btree ("site_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "survey_answers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "survey_answers_survey_idx" ON "survey_answers" USING btree ("survey_id");--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_site_version_idx" ON "surveys" USING btree ("site_id","version");--> statement-breakpoint
CREATE INDEX "form_records_customer_name_created_idx" ON "form_records" USING btree ("customer_id","name","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "form_records"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "form_records_search_idx" ON "form_records" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "form_records_site_name_created_idx" ON "form_records" USING btree ("site_id","name","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "form_records"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "form_records_site_created_idx" ON "form_records" USING btree ("site_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "form_records"."deleted_at" is null;