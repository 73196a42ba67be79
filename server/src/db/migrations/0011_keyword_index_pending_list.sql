-- The keyword search's trigram indexes merge their pending list at 256 kB instead of 4 MB: the save
-- that filled a 4 MB list merged it for 65–70 ms while holding its rows' locks (schema.ts,
-- keywordIndex). Set in place: the indexes need no rebuild.
ALTER INDEX "customers_name_search_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "customers_room_search_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "customers_phone_search_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "form_records_search_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "out_applies_search_idx" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "special_cares_search_idx" SET (gin_pending_list_limit = 256);
