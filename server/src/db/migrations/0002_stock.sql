CREATE TABLE "gift_types" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"name" text NOT NULL,
	"package_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "out_applies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"no" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"department_id" bigint,
	"customer_id" bigint,
	"gift_type_id" bigint,
	"requester" text DEFAULT '' NOT NULL,
	"apply_date" date NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint NOT NULL,
	"checked_at" timestamp with time zone,
	"checked_by" bigint,
	"reversed_at" timestamp with time zone,
	"reversed_by" bigint,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint,
	CONSTRAINT "out_applies_type_check" CHECK (("out_applies"."type" = 'general' and "out_applies"."department_id" is not null) or ("out_applies"."type" = 'gift' and "out_applies"."customer_id" is not null and "out_applies"."gift_type_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "out_apply_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"apply_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	CONSTRAINT "out_apply_items_quantity_check" CHECK ("out_apply_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_package_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"package_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "product_package_items_quantity_check" CHECK ("product_package_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_packages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"name" text NOT NULL,
	"spec" text DEFAULT '' NOT NULL,
	"unit" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"category" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "products_price_check" CHECK ("products"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "special_care_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"care_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"subtotal" numeric(10, 2) NOT NULL,
	CONSTRAINT "special_care_items_quantity_check" CHECK ("special_care_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "special_cares" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"no" text DEFAULT '' NOT NULL,
	"customer_id" bigint NOT NULL,
	"room" text NOT NULL,
	"consume_date" date NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"signature" text,
	"total" numeric(10, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint NOT NULL,
	"checked_at" timestamp with time zone,
	"checked_by" bigint,
	"reversed_at" timestamp with time zone,
	"reversed_by" bigint,
	"deleted_at" timestamp with time zone,
	"deleted_by" bigint
);
--> statement-breakpoint
CREATE TABLE "stock_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"batch_no" text NOT NULL,
	"production_date" date,
	"expiry_date" date NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_batches_quantity_check" CHECK ("stock_batches"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"delta" integer NOT NULL,
	"order_kind" text NOT NULL,
	"order_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" bigint NOT NULL,
	CONSTRAINT "stock_movements_delta_check" CHECK ("stock_movements"."delta" <> 0)
);
--> statement-breakpoint
ALTER TABLE "gift_types" ADD CONSTRAINT "gift_types_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_types" ADD CONSTRAINT "gift_types_package_id_product_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."product_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_applies" ADD CONSTRAINT "out_applies_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_applies" ADD CONSTRAINT "out_applies_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_applies" ADD CONSTRAINT "out_applies_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_applies" ADD CONSTRAINT "out_applies_gift_type_id_gift_types_id_fk" FOREIGN KEY ("gift_type_id") REFERENCES "public"."gift_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_applies" ADD CONSTRAINT "out_applies_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_applies" ADD CONSTRAINT "out_applies_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_applies" ADD CONSTRAINT "out_applies_checked_by_accounts_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_applies" ADD CONSTRAINT "out_applies_reversed_by_accounts_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_applies" ADD CONSTRAINT "out_applies_deleted_by_accounts_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_apply_items" ADD CONSTRAINT "out_apply_items_apply_id_out_applies_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."out_applies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_apply_items" ADD CONSTRAINT "out_apply_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_apply_items" ADD CONSTRAINT "out_apply_items_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_package_items" ADD CONSTRAINT "product_package_items_package_id_product_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."product_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_package_items" ADD CONSTRAINT "product_package_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_packages" ADD CONSTRAINT "product_packages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_care_items" ADD CONSTRAINT "special_care_items_care_id_special_cares_id_fk" FOREIGN KEY ("care_id") REFERENCES "public"."special_cares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_care_items" ADD CONSTRAINT "special_care_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_care_items" ADD CONSTRAINT "special_care_items_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_cares" ADD CONSTRAINT "special_cares_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_cares" ADD CONSTRAINT "special_cares_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_cares" ADD CONSTRAINT "special_cares_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_cares" ADD CONSTRAINT "special_cares_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_cares" ADD CONSTRAINT "special_cares_checked_by_accounts_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_cares" ADD CONSTRAINT "special_cares_reversed_by_accounts_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_cares" ADD CONSTRAINT "special_cares_deleted_by_accounts_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batches" ADD CONSTRAINT "stock_batches_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batches" ADD CONSTRAINT "stock_batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_by_accounts_id_fk" FOREIGN KEY ("by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_types_site_name_idx" ON "gift_types" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "gift_types_package_idx" ON "gift_types" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "out_applies_site_date_idx" ON "out_applies" USING btree ("site_id","apply_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "out_applies"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "out_applies_customer_idx" ON "out_applies" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "out_applies_search_idx" ON "out_applies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "out_apply_items_apply_idx" ON "out_apply_items" USING btree ("apply_id","id");--> statement-breakpoint
CREATE INDEX "out_apply_items_batch_idx" ON "out_apply_items" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "out_apply_items_product_idx" ON "out_apply_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_package_items_package_product_idx" ON "product_package_items" USING btree ("package_id","product_id");--> statement-breakpoint
CREATE INDEX "product_package_items_product_idx" ON "product_package_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_packages_site_name_idx" ON "product_packages" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "products_site_sort_idx" ON "products" USING btree ("site_id","sort","id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_site_name_spec_idx" ON "products" USING btree ("site_id","name","spec");--> statement-breakpoint
CREATE INDEX "special_care_items_care_idx" ON "special_care_items" USING btree ("care_id","id");--> statement-breakpoint
CREATE INDEX "special_care_items_batch_idx" ON "special_care_items" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "special_care_items_product_idx" ON "special_care_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "special_cares_site_date_idx" ON "special_cares" USING btree ("site_id","consume_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "special_cares"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "special_cares_customer_idx" ON "special_cares" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "special_cares_search_idx" ON "special_cares" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stock_batches_product_expiry_idx" ON "stock_batches" USING btree ("product_id","expiry_date","id");--> statement-breakpoint
CREATE INDEX "stock_batches_site_idx" ON "stock_batches" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_batches_product_batch_no_idx" ON "stock_batches" USING btree ("product_id","batch_no");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_item_action_idx" ON "stock_movements" USING btree ("order_kind","item_id","action");--> statement-breakpoint
CREATE INDEX "stock_movements_batch_idx" ON "stock_movements" USING btree ("batch_id","at");--> statement-breakpoint
CREATE INDEX "stock_movements_order_idx" ON "stock_movements" USING btree ("order_kind","order_id");