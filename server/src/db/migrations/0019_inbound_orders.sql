CREATE TABLE "inbound_order_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"batch_id" bigint,
	"batch_no" text NOT NULL,
	"production_date" date,
	"expiry_date" date NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost" numeric(10, 2) NOT NULL,
	CONSTRAINT "inbound_order_items_quantity_check" CHECK ("inbound_order_items"."quantity" > 0),
	CONSTRAINT "inbound_order_items_unit_cost_check" CHECK ("inbound_order_items"."unit_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inbound_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" bigint NOT NULL,
	"no" text DEFAULT '' NOT NULL,
	"supplier" text NOT NULL,
	"inbound_date" date NOT NULL,
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
	"deleted_by" bigint
);
--> statement-breakpoint
ALTER TABLE "inbound_order_items" ADD CONSTRAINT "inbound_order_items_order_id_inbound_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."inbound_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_order_items" ADD CONSTRAINT "inbound_order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_order_items" ADD CONSTRAINT "inbound_order_items_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_orders" ADD CONSTRAINT "inbound_orders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_orders" ADD CONSTRAINT "inbound_orders_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_orders" ADD CONSTRAINT "inbound_orders_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_orders" ADD CONSTRAINT "inbound_orders_checked_by_accounts_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_orders" ADD CONSTRAINT "inbound_orders_reversed_by_accounts_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_orders" ADD CONSTRAINT "inbound_orders_deleted_by_accounts_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_order_items_order_idx" ON "inbound_order_items" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "inbound_order_items_batch_idx" ON "inbound_order_items" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "inbound_order_items_product_idx" ON "inbound_order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "inbound_orders_site_date_idx" ON "inbound_orders" USING btree ("site_id","inbound_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "inbound_orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "inbound_orders_site_status_date_idx" ON "inbound_orders" USING btree ("site_id","status","inbound_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "inbound_orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "inbound_orders_search_idx" ON "inbound_orders" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=256);